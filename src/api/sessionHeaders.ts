import { config } from '../config';
import { currentAccessToken } from './client';

/**
 * The headers every call of the app's client carries (the common header, the session's bearer token), for the one
 * kind of request made outside it: the console's tus uploads (tus-js-client sends its own). Kept out of client.ts,
 * which travels in every visitor's first chunk.
 */
export function sessionHeaders(): Record<string, string> {
  const token = currentAccessToken();
  return { 'X-Storefront-Client': config.VITE_CLIENT_HEADER, ...(token ? { Authorization: `Bearer ${token}` } : {}) };
}

/** The API's origin, as the client's own base URL is chosen (the configured API, else this page's origin). */
export const apiBaseUrl = (): string => config.VITE_API_BASE || window.location.origin;
