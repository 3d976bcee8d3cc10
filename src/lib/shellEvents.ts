// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
/** Asks the header to open its search box (the mobile bar's 검색 button). */
export const OPEN_SEARCH_EVENT = 'shell:open-search';

export function requestOpenSearch(): void {
  dispatchEvent(new Event(OPEN_SEARCH_EVENT));
}

export function onOpenSearchRequest(listener: () => void): () => void {
  addEventListener(OPEN_SEARCH_EVENT, listener);
  return () => removeEventListener(OPEN_SEARCH_EVENT, listener);
}
