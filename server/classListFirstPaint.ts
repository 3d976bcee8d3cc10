import type { components } from '../src/api/schema.gen';
import { addToHead } from './static';

type LecturePage = components['schemas']['LecturePage'];
type LectureListRequest = components['schemas']['LectureListRequest'];

/** `/classList/{categoryid}/{pcategoryid}` as the app routes it (not case-sensitive, like the app's router). */
const CLASS_LIST = /^\/classlist\/(\d+)\/(\d+)\/?$/i;
/** The first screenful of cards: the phone shows two per row, the desktop four. */
const PRELOADED_THUMBNAILS = 4;
/** The first page as the app asks for it with no sort or page in the address (classListSearch.ts, LECTURE_PAGE_SIZE). */
const FIRST_PAGE = { page: 1, pageSize: 12, isonlybranch: true, sortType: 'recent' } as const;
/** The element the class list's loader reads (src/lib/firstPaintData.ts). */
export const FIRST_PAINT_DATA_ID = 'first-paint-data';

const escapeAttr = (v: string) => v.replace(/[<>&"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[ch]!);
/** JSON inside <script type="application/json">: `<` escaped so no text can close the element. */
const jsonForHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * index.html for a class list with the first page of lectures written in (a data block, never run as script, so
 * the Content-Security-Policy is untouched) and its first thumbnails preloaded: the page paints its largest image
 * without waiting for GetOnlineLectures after the app's scripts have run. `lectures` is the GetOnlineLectures
 * operation itself, so the data is exactly what the call would answer. Only for the address without a search:
 * the transformer sees the path only, and the app takes the data only when it asked for the same request.
 */
export function classListFirstPaint(
  lectures: (body: LectureListRequest) => Promise<LecturePage | undefined>,
): (html: string, path: string) => Promise<string> {
  return async (html, path) => {
    const match = CLASS_LIST.exec(path);
    if (!match) return html;
    const request = { ...FIRST_PAGE, categoryid: Number(match[1]), pcategoryid: Number(match[2]) };
    const datas = await lectures(request).catch(() => undefined);
    if (!datas) return html;
    const preloads = datas.list
      .slice(0, PRELOADED_THUMBNAILS)
      .map((l, i) => `<link rel="preload" as="image" href="${escapeAttr(l.thumbnail)}"${i < 2 ? ' fetchpriority="high"' : ''}>`)
      .join('');
    const data = `<script type="application/json" id="${FIRST_PAINT_DATA_ID}">${jsonForHtml({ operation: 'getOnlineLectures', request, datas })}</script>`;
    // At the end of the body: the data is read once the app's module scripts run, after the whole page is parsed.
    return addToHead(html, preloads).replace('</body>', () => data + '</body>');
  };
}
