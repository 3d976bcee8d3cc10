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
