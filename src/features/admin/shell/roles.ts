import type { AdminRole } from '../../../api/queries/admin-staff';

/** The console's areas; the nav and each screen ask `canUse` (the server decides every right anyway). */
export type AdminArea = 'questions' | 'suggests' | 'classes' | 'categories' | 'banners' | 'notices' | 'faqs' | 'staff' | 'audit' | 'members' | 'mail' | 'certificates' | 'points' | 'orders' | 'privacy' | 'coupons' | 'sales';

export const ROLE_LABEL: Record<AdminRole, string> = { owner: '대표 운영자', operator: '운영자', instructor: '강사' };

const AREAS: Record<AdminRole, readonly AdminArea[]> = {
  owner: ['questions', 'suggests', 'classes', 'categories', 'banners', 'notices', 'faqs', 'staff', 'audit', 'members', 'mail', 'orders', 'sales', 'certificates', 'points', 'coupons', 'privacy'],
  operator: ['questions', 'suggests', 'classes', 'categories', 'banners', 'notices', 'faqs', 'audit', 'members', 'mail', 'orders', 'sales', 'certificates', 'points', 'coupons'],
  instructor: ['classes', 'questions'],
};

export function canUse(role: AdminRole, area: AdminArea): boolean {
  return AREAS[role].includes(area);
}

/** 새 클래스 and the state panel (게시, 예약, 숨김, 초안): owner and operators; an instructor edits content only. */
export function canManageClasses(role: AdminRole): boolean {
  return role !== 'instructor';
}
