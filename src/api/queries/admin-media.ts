import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
import type { components } from '../schema.gen';

// Tag `admin-media`: a lecture's video from upload to 게시 가능, and its caption files (the console).
// The upload itself is tus 1.0 (tus-js-client, src/features/admin/catalog/lectureUploadActors.ts), not this client.

export type AdminCaption = components['schemas']['AdminCaption'];

/** GET /api/Admin/Lectures/{videoid}/Media — none, uploading, processing (progress), ready (renditions) or failed (error). */
export function fetchAdminLectureMedia(videoid: number, client: ApiClient = api) {
  return datasOf(client.GET('/api/Admin/Lectures/{videoid}/Media', { params: { path: { videoid } } }));
}

/** POST /api/Admin/Lectures/{videoid}/Media/Retry — 다시 시도 of a failed processing. */
export function retryAdminLectureMedia(videoid: number, client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Lectures/{videoid}/Media/Retry', { params: { path: { videoid } } }));
}

/** GET /api/Admin/Lectures/{videoid}/Captions — one track per language. */
export function fetchAdminCaptions(videoid: number, client: ApiClient = api) {
  return datasOf(client.GET('/api/Admin/Lectures/{videoid}/Captions', { params: { path: { videoid } } }));
}

/** POST /api/Admin/Lectures/{videoid}/Captions (multipart: file, srclang, label) — the same language replaces its track. */
export function uploadAdminCaption(videoid: number, caption: { file: File; srclang: string; label: string }, client: ApiClient = api) {
  const form = new FormData();
  form.append('srclang', caption.srclang);
  form.append('label', caption.label);
  form.append('file', caption.file, caption.file.name);
  return datasOf(
    client.POST('/api/Admin/Lectures/{videoid}/Captions', {
      params: { path: { videoid } },
      body: { file: caption.file.name, srclang: caption.srclang, label: caption.label },
      bodySerializer: () => form,
    }),
  );
}

/** DELETE /api/Admin/Lectures/{videoid}/Captions/{srclang} — the lecture's remaining tracks. */
export function deleteAdminCaption(videoid: number, srclang: string, client: ApiClient = api) {
  return datasOf(client.DELETE('/api/Admin/Lectures/{videoid}/Captions/{srclang}', { params: { path: { videoid, srclang } } }));
}

export const adminMediaKeys = {
  captions: (videoid: number) => ['admin-media', 'captions', videoid] as const,
};

export const adminCaptionsQuery = (videoid: number) =>
  queryOptions({ queryKey: adminMediaKeys.captions(videoid), queryFn: () => fetchAdminCaptions(videoid) });
