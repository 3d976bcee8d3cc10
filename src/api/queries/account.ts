import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
import type { components } from '../schema.gen';

// Operations tagged `account` in openapi/storefront.yaml that have a screen (/myprofile, /join).
// The login-flow calls live with identity in src/auth/accountApi.ts.

export type Member = components['schemas']['User'];
export type MemberUpdate = components['schemas']['UserUpdateRequest'];
export type MemberCreate = components['schemas']['UserCreateRequest'];

/** POST /api/GetUserInfoWithUseruid/{useruid} (no body). */
export function fetchMember(useruid: string, client: ApiClient = api) {
  return datasOf(client.POST('/api/GetUserInfoWithUseruid/{useruid}', { params: { path: { useruid } } }));
}

/** POST /api/GetUserInfo/ with the signed-in member's own email. */
export function fetchMemberByEmail(email: string, client: ApiClient = api) {
  return datasOf(client.POST('/api/GetUserInfo/', { body: { email } }));
}

/** POST /api/UpdateUser: only the fields present change. */
export function updateMember(body: MemberUpdate, client: ApiClient = api) {
  return datasOf(client.POST('/api/UpdateUser', { body }));
}

/** POST /api/LeaveUser. */
export function leaveMember(useruid: string, client: ApiClient = api) {
  return datasOf(client.POST('/api/LeaveUser', { body: { useruid } }));
}

/** POST /api/createuser: the full sign-up of /join. */
export function createMember(body: MemberCreate, client: ApiClient = api) {
  return datasOf(client.POST('/api/createuser', { body }));
}

export const memberKeys = {
  all: ['member'] as const,
  byUid: (useruid: string) => ['member', 'uid', useruid] as const,
  byEmail: (email: string) => ['member', 'email', email] as const,
};

export const memberQuery = (useruid: string) =>
  queryOptions({ queryKey: memberKeys.byUid(useruid), queryFn: () => fetchMember(useruid) });
export const memberByEmailQuery = (email: string) =>
  queryOptions({ queryKey: memberKeys.byEmail(email), queryFn: () => fetchMemberByEmail(email), retry: false });
