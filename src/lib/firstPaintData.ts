import type { QueryClient } from '@tanstack/react-query';

type Entry = { operation?: unknown; request?: unknown; datas?: unknown };

let entries: Entry[] | undefined;

/** The page's data block, parsed once and then removed from the document. */
function written(): Entry[] {
  if (entries) return entries;
  const block = typeof document === 'undefined' ? null : document.getElementById('first-paint-data');
  block?.remove();
  try {
    const parsed: unknown = JSON.parse(block?.textContent || '[]');
    entries = Array.isArray(parsed) ? (parsed as Entry[]) : [];
  } catch {
    entries = [];
  }
  return entries;
}

const sameRequest = (a: unknown, b: Record<string, unknown>) =>
  typeof a === 'object' &&
  a !== null &&
  [...new Set([...Object.keys(a), ...Object.keys(b)])].every((k) => (a as Record<string, unknown>)[k] === b[k]);

/**
 * Data the server wrote into the page for its first paint (server/http/classListFirstPaint.ts, classViewFirstPaint.ts): entries naming an
 * operation and the request they answer. Each is taken once, and only by a screen asking for exactly that request,
 * so a later navigation, another sort or page never shows it. An unreadable block counts as absent.
 */
export function takeFirstPaintData(operation: string, request: Record<string, unknown>): unknown {
  const list = written();
  const index = list.findIndex((e) => e.operation === operation && sameRequest(e.request, request));
  if (index < 0) return undefined;
  return list.splice(index, 1)[0]!.datas;
}

/**
 * The written answer to that request, put into the query cache under `queryKey` (unless the cache already holds one,
 * which is newer) and returned; undefined when the page brought none.
 */
export function seedFromFirstPaint<T>(
  queryClient: QueryClient,
  operation: string,
  request: Record<string, unknown>,
  queryKey: readonly unknown[],
): T | undefined {
  const written = takeFirstPaintData(operation, request) as T | undefined;
  if (written !== undefined && queryClient.getQueryData(queryKey) === undefined) queryClient.setQueryData(queryKey, written);
  return written;
}
