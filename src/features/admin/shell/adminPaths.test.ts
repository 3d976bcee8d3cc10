import { describe, expect, it } from 'vitest';
import { adminLink, adminScreenOf } from './adminPaths';

describe('adminScreenOf', () => {
  it('picks each console screen from the address below /admin', () => {
    expect(adminScreenOf(undefined)).toEqual({ screen: 'home' });
    expect(adminScreenOf('')).toEqual({ screen: 'home' });
    expect(adminScreenOf('/')).toEqual({ screen: 'home' });
    expect(adminScreenOf('classes')).toEqual({ screen: 'classes' });
    expect(adminScreenOf('classes/')).toEqual({ screen: 'classes' });
    expect(adminScreenOf('Classes')).toEqual({ screen: 'classes' });
    expect(adminScreenOf('classes/new')).toEqual({ screen: 'newClass' });
    expect(adminScreenOf('classes/107')).toEqual({ screen: 'class', contentsid: '107' });
    expect(adminScreenOf('categories')).toEqual({ screen: 'categories' });
    expect(adminScreenOf('banners')).toEqual({ screen: 'banners' });
    expect(adminScreenOf('notices')).toEqual({ screen: 'notices' });
    expect(adminScreenOf('faqs')).toEqual({ screen: 'faqs' });
    expect(adminScreenOf('staff')).toEqual({ screen: 'staff' });
    expect(adminScreenOf('audit')).toEqual({ screen: 'audit' });
    expect(adminScreenOf('view-as')).toEqual({ screen: 'viewAs' });
    expect(adminScreenOf('mails')).toEqual({ screen: 'mails' });
    expect(adminScreenOf('questions')).toEqual({ screen: 'questions' });
    expect(adminScreenOf('Suggests/')).toEqual({ screen: 'suggests' });
    expect(adminScreenOf('Orders/')).toEqual({ screen: 'orders' });
    expect(adminScreenOf('sales')).toEqual({ screen: 'sales' });
    expect(adminScreenOf('certificates')).toEqual({ screen: 'certificates' });
    expect(adminScreenOf('points')).toEqual({ screen: 'points' });
    expect(adminScreenOf('members')).toEqual({ screen: 'members' });
    expect(adminScreenOf('privacy-access')).toEqual({ screen: 'privacyAccess' });
    expect(adminScreenOf('coupons')).toEqual({ screen: 'coupons' });
  });

  it('reads anything else as the console not-found', () => {
    for (const splat of ['nope', 'classes/107/edit', 'staff/1', 'audit/x', 'classesx']) expect(adminScreenOf(splat)).toEqual({ screen: 'notFound' });
  });
});

describe('adminLink', () => {
  it('is the splat route with the address as its splat', () => {
    expect(adminLink('classes/107')).toEqual({ to: '/admin/$', params: { _splat: 'classes/107' } });
    expect(adminLink('')).toEqual({ to: '/admin/$', params: { _splat: '' } });
  });
});
