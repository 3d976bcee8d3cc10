import { infiniteQueryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
import type { components } from '../schema.gen';

// Tag `admin-certificates`: issued certificates, and revoking one with a reason (owner and operators).

export type AdminCertificate = components['schemas']['AdminCertificate'];
export type AdminCertificateFilter = Omit<components['schemas']['AdminCertificateQuery'], 'page' | 'pageSize'>;
export const CERTIFICATE_PAGE_SIZE = 30;

/** POST /api/Admin/Certificates/List — newest issue first; `q` is a number, a name or an email. */
export function fetchAdminCertificates(filter: AdminCertificateFilter, page = 1, client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Certificates/List', { body: { ...filter, page, pageSize: CERTIFICATE_PAGE_SIZE } }));
}

/** POST /api/Admin/Certificates/{certificateno}/Revoke — a revoked one answers as it was revoked first. */
export function revokeAdminCertificate(certificateno: string, reason: string, client: ApiClient = api) {
  return datasOf(
    client.POST('/api/Admin/Certificates/{certificateno}/Revoke', { params: { path: { certificateno } }, body: { reason } }),
  );
}

export const adminCertificateKeys = { all: ['admin-certificates'] as const };

export const adminCertificatesQuery = (filter: AdminCertificateFilter) =>
  infiniteQueryOptions({
    queryKey: [...adminCertificateKeys.all, filter] as const,
    queryFn: ({ pageParam }) => fetchAdminCertificates(filter, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.totalCount ? last.page + 1 : undefined),
  });
