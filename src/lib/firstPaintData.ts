/**
 * Data the server wrote into the page for its first paint (server/classListFirstPaint.ts): a JSON block naming the
 * operation and the request it answers. Read once and removed; taken only when the screen asks for exactly that
 * request, so a later navigation, another sort or page never shows it. Any unreadable block counts as absent.
 */
export function takeFirstPaintData(operation: string, request: Record<string, unknown>): unknown {
  const block = typeof document === 'undefined' ? null : document.getElementById('first-paint-data');
  if (!block) return undefined;
  let written: { operation?: unknown; request?: Record<string, unknown>; datas?: unknown } | undefined;
  try {
    written = JSON.parse(block.textContent ?? '') as typeof written;
  } catch {
    written = undefined;
  }
  if (written?.operation !== operation || typeof written.request !== 'object' || written.request === null) return undefined;
  const keys = new Set([...Object.keys(written.request), ...Object.keys(request)]);
  for (const key of keys) if (written.request[key] !== request[key]) return undefined;
  block.remove();
  return written.datas;
}
