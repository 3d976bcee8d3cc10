import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
import type { components } from '../schema.gen';

// Tag `admin-catalog`, a class's handouts and e-book files (the console): listed, attached, removed.

export type AdminHandout = components['schemas']['AdminHandout'];

/** GET /api/Admin/Classes/{contentsid}/Handouts — as the class's members get them. */
export function fetchAdminHandouts(contentsid: number, client: ApiClient = api) {
  return datasOf(client.GET('/api/Admin/Classes/{contentsid}/Handouts', { params: { path: { contentsid } } }));
}

/** POST /api/Admin/Classes/{contentsid}/Handouts (multipart `file`, `title`) — the class's files after it. */
export function uploadAdminHandout(contentsid: number, upload: { file: File; title: string }, client: ApiClient = api) {
  const form = new FormData();
  form.append('title', upload.title);
  form.append('file', upload.file, upload.file.name);
  return datasOf(
    client.POST('/api/Admin/Classes/{contentsid}/Handouts', {
      params: { path: { contentsid } },
      body: { file: upload.file.name, title: upload.title },
      bodySerializer: () => form,
    }),
  );
}

/** DELETE /api/Admin/Handouts/{pdfid} — the class's remaining files. */
export function deleteAdminHandout(pdfid: number, client: ApiClient = api) {
  return datasOf(client.DELETE('/api/Admin/Handouts/{pdfid}', { params: { path: { pdfid } } }));
}

export const adminHandoutKeys = {
  list: (contentsid: number) => ['admin-catalog', 'handouts', contentsid] as const,
};

export const adminHandoutsQuery = (contentsid: number) =>
  queryOptions({ queryKey: adminHandoutKeys.list(contentsid), queryFn: () => fetchAdminHandouts(contentsid) });
