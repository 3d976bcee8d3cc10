import { api, datasOf, type ApiClient } from '../client';

// Tag `payment`: the one payment call of the classroom (the checkout's calls live in their own file).

/** POST /api/Payment/UpdateDownload/{useruid}/{contentsid} — marks the first download of a class's materials. */
export function recordDownload(useruid: string, contentsid: number, client: ApiClient = api) {
  return datasOf(
    client.POST('/api/Payment/UpdateDownload/{useruid}/{contentsid}', { params: { path: { useruid, contentsid } } }),
  );
}
