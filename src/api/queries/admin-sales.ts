import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
import type { components } from '../schema.gen';

// Tag `admin-sales`: sales per KST day, week, month or class, and the same report as a CSV or XLSX file (owner and
// operators).

export type AdminSalesQuery = components['schemas']['AdminSalesQuery'];
export type AdminSalesGrouping = components['schemas']['AdminSalesGrouping'];
export type AdminSalesReport = components['schemas']['AdminSalesReport'];
export type AdminSalesFigures = components['schemas']['AdminSalesFigures'];
export type AdminSalesFormat = components['schemas']['AdminSalesExportQuery']['format'];

/** POST /api/Admin/Sales/Report — rows and totals of the period. */
export function fetchAdminSalesReport(query: AdminSalesQuery, client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Sales/Report', { body: query }));
}

/**
 * POST /api/Admin/Sales/Export — the file as a blob, fetched with the staff member's bearer token (never a token in a
 * URL), and the name the server gives it.
 */
export async function fetchAdminSalesExport(query: AdminSalesQuery, format: AdminSalesFormat, client: ApiClient = api) {
  const { data, response } = await client.POST('/api/Admin/Sales/Export', { body: { ...query, format }, parseAs: 'blob' });
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const name = encoded ? decodeURIComponent(encoded) : `매출_${query.from}_${query.until}.${format}`;
  return { blob: data as Blob, name };
}

export const adminSalesKeys = { all: ['admin-sales'] as const };

export const adminSalesReportQuery = (query: AdminSalesQuery) =>
  queryOptions({ queryKey: [...adminSalesKeys.all, 'report', query] as const, queryFn: () => fetchAdminSalesReport(query) });
