/**
 * The console's addresses. The whole console is one splat route, `/admin/$` (src/routes/admin.$.lazy.tsx): every
 * route the store's router knows is a first-paint byte for a visitor, so the screens are chosen here from the
 * address instead (AdminScreen).
 */

/** A console address below /admin: '' is the console home. */
export type AdminTo = '' | 'questions' | 'suggests' | 'classes' | 'classes/new' | `classes/${number}` | 'categories' | 'banners' | 'notices' | 'faqs' | 'staff' | 'audit' | 'view-as' | 'mails' | 'certificates' | 'points' | 'orders' | 'members' | 'privacy-access' | 'coupons' | 'sales';

/** Link and navigate options of a console address: `<Link {...adminLink('classes')}>`, `navigate({ ...adminLink(to), replace: true })`. */
export function adminLink(to: AdminTo) {
  return { to: '/admin/$', params: { _splat: to } } as const;
}

export type AdminScreenName = 'home' | 'questions' | 'suggests' | 'classes' | 'newClass' | 'class' | 'categories' | 'banners' | 'notices' | 'faqs' | 'staff' | 'audit' | 'viewAs' | 'mails' | 'certificates' | 'points' | 'orders' | 'members' | 'privacyAccess' | 'coupons' | 'sales' | 'notFound';

const SCREENS: Record<string, AdminScreenName> = {
  '': 'home',
  questions: 'questions',
  suggests: 'suggests',
  classes: 'classes',
  'classes/new': 'newClass',
  categories: 'categories',
  banners: 'banners',
  notices: 'notices',
  faqs: 'faqs',
  staff: 'staff',
  audit: 'audit',
  'view-as': 'viewAs',
  mails: 'mails',
  orders: 'orders',
  sales: 'sales',
  certificates: 'certificates',
  points: 'points',
  members: 'members',
  'privacy-access': 'privacyAccess',
  coupons: 'coupons',
};

/**
 * The screen of a console address (the splat after /admin/), like the router would match it: not case-sensitive,
 * a trailing slash ignored. `classes/<id>` is one class (its id as the router's `$contentsid` read it: a
 * non-number is 0, which the server answers as not found); anything else is the console's not-found.
 */
export function adminScreenOf(splat: string | undefined): { screen: AdminScreenName; contentsid?: string } {
  const path = (splat ?? '').replace(/^\/+|\/+$/g, '');
  const known = SCREENS[path.toLowerCase()];
  if (known) return { screen: known };
  const one = /^classes\/([^/]+)$/i.exec(path);
  return one ? { screen: 'class', contentsid: one[1]! } : { screen: 'notFound' };
}
