// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
/** Route-level metadata: `staticData: { title }` names the page title (spec §2). */
declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Page title; the document title becomes `${title} | product name`. */
    title?: string;
  }
}

export const PRODUCT_NAME = '필라테스재활협회 온라인클래스';

export function documentTitle(title: string | undefined): string {
  return title && title !== PRODUCT_NAME ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}
