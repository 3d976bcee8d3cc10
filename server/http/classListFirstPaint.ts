import type { components } from '../../src/api/schema.gen';
import { addToHead } from './static';

type LecturePage = components['schemas']['LecturePage'];

/**
 * A call answered by the API's own operation (server/app.ts): its `datas`, or undefined when it failed. With `token`,
 * made as that member (their bearer token): the operation decides what they may see, as for the app's own call.
 */
export type OwnCall = (method: 'GET' | 'POST', path: string, body?: unknown, token?: string) => Promise<unknown>;

/** `/classList/{categoryid}/{pcategoryid}` as the app routes it (not case-sensitive, like the app's router). */
const CLASS_LIST = /^\/classlist\/(\d+)\/(\d+)\/?$/i;
/** The first screenful of cards: the phone shows two per row, the desktop four. */
const PRELOADED_THUMBNAILS = 4;
/** The first page as the app asks for it with no sort or page in the address (classListSearch.ts, LECTURE_PAGE_SIZE). */
const FIRST_PAGE = { page: 1, pageSize: 12, isonlybranch: true, sortType: 'recent' } as const;
/** The menu's category call (spec §7), which the page's breadcrumb and sub-category chips read too. */
const CATEGORIES = { isactive: 1, pcategoryid: 0 } as const;

export const escapeAttr = (v: string) => v.replace(/[<>&"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[ch]!);
/** JSON inside <script type="application/json">: `<` escaped so no text can close the element. */
const jsonForHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * index.html for a class list with its first page of lectures and the category list written in (a data block,
 * never run as script, so the Content-Security-Policy is untouched; read by src/lib/firstPaintData.ts) and its first
 * thumbnails preloaded: the largest image paints without waiting for calls that could only start once the app's
 * scripts had run, and the chips arrive with the cards (no shift). The data is what the operations answer. The
 * transformer sees the path only: the app takes an entry only when it asks for exactly that request.
 */
export function classListFirstPaint(call: OwnCall): (html: string, path: string) => Promise<string> {
  return async (html, path) => {
    const match = CLASS_LIST.exec(path);
    if (!match) return html;
    const request = { ...FIRST_PAGE, categoryid: Number(match[1]), pcategoryid: Number(match[2]) };
    const query = new URLSearchParams(Object.entries(CATEGORIES).map(([k, v]) => [k, String(v)]));
    const [lectures, categories] = await Promise.all([
      call('POST', '/api/Contents/GetOnlineLectures/', request) as Promise<LecturePage | undefined>,
      call('GET', `/api/Category/GetList/category?${query}`),
    ]);
    if (!lectures) return html;
    const entries = [{ operation: 'getOnlineLectures', request, datas: lectures }];
    if (categories) entries.push({ operation: 'getCategories', request: CATEGORIES as never, datas: categories as never });
    const preloads = lectures.list
      .slice(0, PRELOADED_THUMBNAILS)
      .map((l, i) => `<link rel="preload" as="image" href="${escapeAttr(l.thumbnail)}"${i < 2 ? ' fetchpriority="high"' : ''}>`)
      .join('');
    return withFirstPaintData(html, entries, preloads);
  };
}

/**
 * The page with `entries` written into a data block (read by src/lib/firstPaintData.ts) and `preloads` in its head.
 * Shared by every screen whose first visit carries its data (classViewFirstPaint.ts too).
 */
export function withFirstPaintData(html: string, entries: { operation: string; request: unknown; datas: unknown }[], preloads: string): string {
  const data = `<script type="application/json" id="first-paint-data">${jsonForHtml(entries)}</script>`;
  // At the end of the body: the data is read once the app's module scripts run, after the whole page is parsed.
  return addToHead(html, preloads).replace('</body>', () => data + '</body>');
}
