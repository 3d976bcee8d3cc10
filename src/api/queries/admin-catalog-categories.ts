import { api, datasOf, type ApiClient } from '../client';
import type { components } from '../schema.gen';

// Tag `admin-catalog`, its category tree's writes (owner and operators). Each answers the whole tree, which replaces
// `adminCatalogKeys.categories` (admin-catalog.ts).

export type AdminCategoryInput = components['schemas']['AdminCategoryInput'];
export type AdminCategoryName = components['schemas']['AdminCategoryName'];
export type AdminCategoryOrder = components['schemas']['AdminCategoryOrder'];

/** POST /api/Admin/Categories — a category under `parentid` (0: the top), last among its siblings. */
export function createAdminCategory(input: AdminCategoryInput, client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Categories', { body: input }));
}

/** PUT /api/Admin/Categories/{categoryid} — its names. */
export function renameAdminCategory(categoryid: number, name: AdminCategoryName, client: ApiClient = api) {
  return datasOf(client.PUT('/api/Admin/Categories/{categoryid}', { params: { path: { categoryid } }, body: name }));
}

/** PUT /api/Admin/Categories/{categoryid}/Parent — the branch under another parent (0: the top). */
export function moveAdminCategory(categoryid: number, parentid: number, client: ApiClient = api) {
  return datasOf(client.PUT('/api/Admin/Categories/{categoryid}/Parent', { params: { path: { categoryid } }, body: { parentid } }));
}

/** PUT /api/Admin/Categories/Order — one parent's children, every one of them, in their new order. */
export function reorderAdminCategories(order: AdminCategoryOrder, client: ApiClient = api) {
  return datasOf(client.PUT('/api/Admin/Categories/Order', { body: order }));
}

/** DELETE /api/Admin/Categories/{categoryid} — an empty category only (409 says how many classes or children it has). */
export function deleteAdminCategory(categoryid: number, client: ApiClient = api) {
  return datasOf(client.DELETE('/api/Admin/Categories/{categoryid}', { params: { path: { categoryid } } }));
}
