/**
 * The one rule for links written from data (banner links, anything the server or the app did not author):
 * an absolute http(s) URL or a same-origin path, else undefined so the caller renders no link at all.
 * Pure and dependency-free (rules/ imports nothing): the reference backend's first-paint HTML (server/http/hero.ts) applies the same rule.
 */
export function safeHref(href: string | null | undefined): string | undefined {
  if (!href) return undefined;
  // Browsers drop tabs and newlines inside URLs and trim control characters ('java\tscript:' is javascript:),
  // and treat '\' like '/' ('/\evil' is another host): refuse them rather than guess what a browser will read.
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u0020\u007f\\]/.test(href)) return undefined;
  if (/^\/(?!\/)/.test(href)) return href;
  if (/^https?:\/\/[^/]/i.test(href)) return href;
  return undefined;
}
