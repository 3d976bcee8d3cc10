import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
import type { components } from '../schema.gen';

// Tag `admin-banners`: /main's banners (owner and operators). Each write answers every banner.

export type AdminBanner = components['schemas']['AdminBanner'];
export type AdminBannerInput = components['schemas']['AdminBannerInput'];

/** GET /api/Admin/Banners — first shown first (at most 10). */
export function fetchAdminBanners(client: ApiClient = api) {
  return datasOf(client.GET('/api/Admin/Banners'));
}

/** POST /api/Admin/Banners/Images (multipart: file) — the address to put in a banner. */
export function uploadAdminBannerImage(file: File, client: ApiClient = api) {
  const form = new FormData();
  form.append('file', file, file.name);
  return datasOf(client.POST('/api/Admin/Banners/Images', { body: { file: file.name }, bodySerializer: () => form }));
}

/** POST /api/Admin/Banners — last in the order. */
export function createAdminBanner(input: AdminBannerInput, client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Banners', { body: input }));
}

/** PUT /api/Admin/Banners/{bannerid} */
export function updateAdminBanner(bannerid: number, input: AdminBannerInput, client: ApiClient = api) {
  return datasOf(client.PUT('/api/Admin/Banners/{bannerid}', { params: { path: { bannerid } }, body: input }));
}

/** PUT /api/Admin/Banners/Order — every banner, first shown first. */
export function reorderAdminBanners(bannerids: number[], client: ApiClient = api) {
  return datasOf(client.PUT('/api/Admin/Banners/Order', { body: { bannerids } }));
}

/** DELETE /api/Admin/Banners/{bannerid} */
export function deleteAdminBanner(bannerid: number, client: ApiClient = api) {
  return datasOf(client.DELETE('/api/Admin/Banners/{bannerid}', { params: { path: { bannerid } } }));
}

export const adminBannerKeys = { all: ['admin-banners'] as const };
export const adminBannersQuery = () => queryOptions({ queryKey: adminBannerKeys.all, queryFn: () => fetchAdminBanners() });
