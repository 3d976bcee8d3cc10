import { infiniteQueryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
import type { components } from '../schema.gen';

// Tag `admin-members`: members as the console sees them; first, 회원 화면으로 보기.

export type AdminViewAs = components['schemas']['AdminViewAs'];
export type AdminViewAsOpening = components['schemas']['AdminViewAsOpening'];

/**
 * POST /api/Admin/Members/ViewAs (owner and operators) — a class as the member with that email sees it: a grant for
 * the member's reads of that class, 15 minutes, read-only; the opening is audited with its reason.
 */
export function openAdminViewAs(opening: AdminViewAsOpening, client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Members/ViewAs', { body: opening }));
}

export type AdminMemberRow = components['schemas']['AdminMemberRow'];
export type AdminMemberRecord = components['schemas']['AdminMemberRecord'];
export type AdminMemberEnrolment = components['schemas']['AdminMemberEnrolment'];
export type AdminEnrolmentChange = components['schemas']['AdminEnrolmentChange'];
export type AdminEnrolmentImport = components['schemas']['AdminEnrolmentImport'];
export type AdminEnrolmentImportResult = components['schemas']['AdminEnrolmentImportResult'];
export const MEMBER_PAGE_SIZE = 30;

/** POST /api/Admin/Members/List — members newest first, found by a part of the name, e-mail or phone, masked. */
export function fetchAdminMembers(q: string, before: string | null = null, client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Members/List', { body: { limit: MEMBER_PAGE_SIZE, q, before } }));
}

/** POST /api/Admin/Members/{useruid}/Open — the member's whole record; the opening and its reason are recorded. */
export function openAdminMember(useruid: string, reason: string, client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Members/{useruid}/Open', { params: { path: { useruid } }, body: { reason } }));
}

/** POST /api/Admin/Members/{useruid}/Enrolments — grant a class, move its end, or revoke it, with a reason. */
export function changeAdminEnrolment(useruid: string, change: AdminEnrolmentChange, client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Members/{useruid}/Enrolments', { params: { path: { useruid } }, body: change }));
}

/** POST /api/Admin/Enrolments/Import — a CSV's lines previewed (`apply` false) or applied. */
export function importAdminEnrolments(input: AdminEnrolmentImport, client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Enrolments/Import', { body: input }));
}

/** POST /api/Admin/PersonalDataAccess/List (owner) — the personal-data access record, newest first. */
export function fetchAdminPersonalDataAccess(before: number | null = null, member?: string, client: ApiClient = api) {
  return datasOf(
    client.POST('/api/Admin/PersonalDataAccess/List', {
      body: { limit: MEMBER_PAGE_SIZE, before, ...(member ? { member } : {}) },
    }),
  );
}

export const adminMemberKeys = {
  all: ['admin-members'] as const,
  list: (q: string) => ['admin-members', 'list', q] as const,
  access: () => ['admin-members', 'access'] as const,
};

export const adminMembersQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: adminMemberKeys.list(q),
    queryFn: ({ pageParam }) => fetchAdminMembers(q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next ?? undefined,
  });

export const adminPersonalDataAccessQuery = () =>
  infiniteQueryOptions({
    queryKey: adminMemberKeys.access(),
    queryFn: ({ pageParam }) => fetchAdminPersonalDataAccess(pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next ?? undefined,
  });
