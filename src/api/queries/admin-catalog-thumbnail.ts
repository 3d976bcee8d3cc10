import { api, datasOf, type ApiClient } from '../client';

// Tag `admin-catalog`, a class's thumbnail: uploaded by the console, resized by the server into the store's sizes.

/** POST /api/Admin/Classes/{contentsid}/Thumbnail (multipart `file`: JPEG, PNG or WebP) — the class with its new `thumbnail`. */
export function uploadAdminClassThumbnail(contentsid: number, file: File, client: ApiClient = api) {
  const form = new FormData();
  form.append('file', file, file.name);
  return datasOf(
    client.POST('/api/Admin/Classes/{contentsid}/Thumbnail', {
      params: { path: { contentsid } },
      body: { file: file.name },
      bodySerializer: () => form,
    }),
  );
}

/** DELETE /api/Admin/Classes/{contentsid}/Thumbnail — the generated artwork back. */
export function deleteAdminClassThumbnail(contentsid: number, client: ApiClient = api) {
  return datasOf(client.DELETE('/api/Admin/Classes/{contentsid}/Thumbnail', { params: { path: { contentsid } } }));
}
