import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
import type { components } from '../schema.gen';

// Tag `account`, the member's mail choices (회원정보, issue 40). Apart from account.ts so that only the profile
// screen's chunk carries them.

export type MailSettings = components['schemas']['MailSettings'];

/** GET /api/Member/MailSettings — the signed-in member's own choices. */
export function fetchMailSettings(client: ApiClient = api) {
  return datasOf(client.GET('/api/Member/MailSettings'));
}

/** POST /api/Member/MailSettings — the choices as stored come back. */
export function updateMailSettings(body: MailSettings, client: ApiClient = api) {
  return datasOf(client.POST('/api/Member/MailSettings', { body }));
}

/** Keyed by the member: a sign-out and another member's sign-in on the same tab never read the first one's. */
export const mailSettingsKeys = { of: (useruid: string) => ['mail-settings', useruid] as const };

export const mailSettingsQuery = (useruid: string) =>
  queryOptions({ queryKey: mailSettingsKeys.of(useruid), queryFn: () => fetchMailSettings() });
