import { infiniteQueryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
import type { components } from '../schema.gen';

// Tag `admin-coupons`: coupon campaigns (쿠폰) - terms, codes or members' wallets, figures, the stop and the codes' CSV.

export type AdminCouponCampaign = components['schemas']['AdminCouponCampaign'];
export type AdminCouponCampaignDraft = components['schemas']['AdminCouponCampaignDraft'];
export type AdminCouponIssueLine = components['schemas']['AdminCouponIssueLine'];
export type AdminCouponCampaignFilter = Omit<components['schemas']['AdminCouponCampaignQuery'], 'page' | 'pageSize'>;
export const CAMPAIGN_PAGE_SIZE = 30;

/** POST /api/Admin/Coupons/List — campaigns with their figures, newest first. */
export function fetchAdminCouponCampaigns(filter: AdminCouponCampaignFilter, page = 1, client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Coupons/List', { body: { ...filter, page, pageSize: CAMPAIGN_PAGE_SIZE } }));
}

/**
 * POST /api/Admin/Coupons — a campaign (and a code campaign's codes). `idempotencyKey` is made once per filled-in form:
 * a doubled press, or a retry after a lost answer, creates one campaign.
 */
export function createAdminCouponCampaign(draft: AdminCouponCampaignDraft, idempotencyKey: string, client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Coupons', { body: draft, headers: { 'Idempotency-Key': idempotencyKey } }));
}

/** POST /api/Admin/Coupons/{campaignid}/Issue — the campaign's coupon into each listed member's wallet, line by line. */
export function issueAdminCouponCampaign(campaignid: number, emails: string[], client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Coupons/{campaignid}/Issue', { params: { path: { campaignid } }, body: { emails } }));
}

/** POST /api/Admin/Coupons/{campaignid}/Stop — its unused coupons can no longer be applied. */
export function stopAdminCouponCampaign(campaignid: number, client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Coupons/{campaignid}/Stop', { params: { path: { campaignid } } }));
}

/** GET /api/Admin/Coupons/{campaignid}/Codes — a code campaign's codes as a CSV file (the export is audited). */
export async function downloadAdminCouponCodes(campaignid: number, client: ApiClient = api) {
  const { data, response } = await client.GET('/api/Admin/Coupons/{campaignid}/Codes', {
    params: { path: { campaignid } },
    parseAs: 'blob',
  });
  // openapi-fetch answers no data for an empty body: an empty file is still the file.
  const blob = data ?? new Blob([], { type: response.headers.get('content-type') ?? 'text/csv' });
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return { blob, filename: named?.[1] ?? `coupon-codes-${campaignid}.csv` };
}

export const adminCouponKeys = { all: ['admin-coupons'] as const };

export const adminCouponCampaignsQuery = (filter: AdminCouponCampaignFilter) =>
  infiniteQueryOptions({
    queryKey: [...adminCouponKeys.all, filter] as const,
    queryFn: ({ pageParam }) => fetchAdminCouponCampaigns(filter, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.totalCount ? last.page + 1 : undefined),
  });
