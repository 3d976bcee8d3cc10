import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';

/** Upload progress, 0..1. */
export type UploadProgress = (fraction: number) => void;

/**
 * A fetch that sends through XMLHttpRequest so the upload can report progress. It receives the Request
 * the client's middleware has already prepared (common header, bearer token), and its Response goes
 * back through the same middleware, so envelope checks and ApiError are identical to every other call.
 * Without XMLHttpRequest (node, pact tests) it is plain fetch.
 */
export function progressFetch(onProgress?: UploadProgress) {
  return async (request: Request): Promise<Response> => {
    if (typeof XMLHttpRequest === 'undefined') {
      const response = await fetch(request);
      onProgress?.(1);
      return response;
    }
    const body = await request.blob();
    return new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
      };
      xhr.onload = () => {
        onProgress?.(1);
        const headers = new Headers();
        for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
          const at = line.indexOf(':');
          if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
        }
        resolve(new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText, headers }));
      };
      xhr.onerror = () => reject(new TypeError('upload failed'));
      xhr.onabort = () => reject(new TypeError('upload aborted'));
      xhr.send(body);
    });
  };
}

/** POST /api/UploadFiles/ (multipart, field `files`), with upload progress. */
export function uploadFiles(files: readonly File[], onProgress?: UploadProgress, client: ApiClient = api) {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return datasOf(
    client.POST('/api/UploadFiles/', {
      body: { files: files.map((f) => f.name) },
      bodySerializer: () => form,
      fetch: progressFetch(onProgress),
    }),
  );
}

/** GET /api/file/url?filename=: a URL to show the stored file (signed for 10 minutes when it is private). */
export function fetchFileUrl(filename: string, client: ApiClient = api) {
  return datasOf(client.GET('/api/file/url', { params: { query: { filename } } }));
}

/** Signed URLs last 10 minutes: the cached one is re-asked for well before that. */
export const fileUrlQuery = (filename: string) =>
  queryOptions({ queryKey: ['files', 'url', filename] as const, queryFn: () => fetchFileUrl(filename), staleTime: 5 * 60_000, gcTime: 5 * 60_000 });
