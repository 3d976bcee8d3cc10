import { infiniteQueryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
import type { components } from '../schema.gen';

// Tag `admin-mail`: the store's mails, what went and what keeps failing, and 다시 보내기 (owner and operators).

export type AdminMail = components['schemas']['AdminMail'];
export type AdminMailKind = components['schemas']['AdminMailKind'];
export type AdminMailState = AdminMail['state'];
export type AdminMailFilter = Omit<components['schemas']['AdminMailQuery'], 'limit' | 'before'>;
export const MAIL_PAGE_SIZE = 50;

/** POST /api/Admin/Mails/List — newest first; `before` is the previous page's `nextBefore`. */
export function fetchAdminMails(filter: AdminMailFilter, before: number | null = null, client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Mails/List', { body: { ...filter, limit: MAIL_PAGE_SIZE, before } }));
}

/** POST /api/Admin/Mails/{mailid}/Resend — only a failed mail (409 otherwise); it comes back pending. */
export function resendAdminMail(mailid: number, client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Mails/{mailid}/Resend', { params: { path: { mailid } } }));
}

export const adminMailKeys = { all: ['admin-mail'] as const };

export const adminMailsQuery = (filter: AdminMailFilter) =>
  infiniteQueryOptions({
    queryKey: [...adminMailKeys.all, filter] as const,
    queryFn: ({ pageParam }) => fetchAdminMails(filter, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
  });
