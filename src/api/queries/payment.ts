import { api, datasOf, type ApiClient } from '../client';

// Operations tagged `payment` in openapi/storefront.yaml.

/** POST /api/Payment/FirstPlay/{useruid}/{contentsid} — marks the first play of a bought class (refunds depend on it). */
export function recordFirstPlay(useruid: string, contentsid: number, client: ApiClient = api) {
  return datasOf(client.POST('/api/Payment/FirstPlay/{useruid}/{contentsid}', { params: { path: { useruid, contentsid } } }));
}
