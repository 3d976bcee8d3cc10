import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
import type { components } from '../schema.gen';

// Tag `admin-staff`: who the signed-in staff member is, and the owner's staff management (the console).

export type AdminStaff = components['schemas']['AdminStaff'];
export type AdminRole = components['schemas']['AdminRole'];
export type AdminStaffGrant = components['schemas']['AdminStaffGrant'];

/** GET /api/Admin/Me — 403 for a member who is not staff. */
export function fetchAdminMe(client: ApiClient = api) {
  return datasOf(client.GET('/api/Admin/Me'));
}

/** GET /api/Admin/Staff (owner only) */
export function fetchAdminStaff(client: ApiClient = api) {
  return datasOf(client.GET('/api/Admin/Staff'));
}

/** POST /api/Admin/Staff (owner only) — grant or change a role. */
export function grantAdminStaff(grant: AdminStaffGrant, client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Staff', { body: grant }));
}

/** DELETE /api/Admin/Staff/{useruid} (owner only) */
export function revokeAdminStaff(useruid: string, client: ApiClient = api) {
  return datasOf(client.DELETE('/api/Admin/Staff/{useruid}', { params: { path: { useruid } } }));
}

export const adminStaffKeys = {
  me: ['admin-staff', 'me'] as const,
  list: ['admin-staff', 'list'] as const,
};

export const adminMeQuery = () => queryOptions({ queryKey: adminStaffKeys.me, queryFn: () => fetchAdminMe(), staleTime: 60_000, retry: false });
export const adminStaffQuery = () => queryOptions({ queryKey: adminStaffKeys.list, queryFn: () => fetchAdminStaff() });
