import { infiniteQueryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
import type { components } from '../schema.gen';

// Tag `admin-audit`: the append-only audit trail (owner and operators).

export type AdminAuditEntry = components['schemas']['AdminAuditEntry'];
export type AdminAuditFilter = Omit<components['schemas']['AdminAuditQuery'], 'limit' | 'before'>;
export const AUDIT_PAGE_SIZE = 50;

/** POST /api/Admin/Audit/List — newest first; `before` is the previous page's `nextBefore`. */
export function fetchAdminAudit(filter: AdminAuditFilter, before: number | null = null, client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Audit/List', { body: { ...filter, limit: AUDIT_PAGE_SIZE, before } }));
}

export const adminAuditQuery = (filter: AdminAuditFilter) =>
  infiniteQueryOptions({
    queryKey: ['admin-audit', filter] as const,
    queryFn: ({ pageParam }) => fetchAdminAudit(filter, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
  });
