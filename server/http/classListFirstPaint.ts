import type { components } from '../../src/api/schema.gen';
import { FIRST_PAINT_SLOT, addToHead, type IndexTransformer } from './static';
import { PAINT_FIRST } from './heldScripts';
import { won } from '../lib/won';

type LecturePage = components['schemas']['LecturePage'];
type Lecture = components['schemas']['Lecture'];
type Category = components['schemas']['Category'];

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

/** The price as the app's Price shows it (src/components/ui/Price.tsx; its percent as src/lib/formatPrice.ts rounds it). */
function priceLine(l: Lecture): string {
  if (l.isfree || l.saleprice === 0) return '<p class="price price--sm"><strong class="price__free">무료</strong></p>';
  const off = l.price > 0 && l.saleprice < l.price ? Math.round(((l.price - l.saleprice) / l.price) * 100) : 0;
  return `<p class="price price--sm">${off > 0 ? `<span class="price__off">${off}%</span>` : ''}<strong class="price__sale">${won(l.saleprice)}</strong>${
    off > 0 ? `<del class="price__list">${won(l.price)}</del>` : ''
  }</p>`;
}

/** One card as the app's LectureCard renders it (src/components/ui/LectureCard.tsx), its title a `<p>`: a picture. */
function card(l: Lecture, first: boolean): string {
  const badge = l.isfree
    ? '<span class="lecture-card__badge lecture-card__badge--free">무료</span>'
    : l.isbest
      ? '<span class="lecture-card__badge">BEST</span>'
      : l.isnew
        ? '<span class="lecture-card__badge lecture-card__badge--new">NEW</span>'
        : '';
  const img = `<img ${PAINT_FIRST}${first ? ' fetchpriority="high"' : ''} src="${escapeAttr(l.thumbnail)}" alt="" width="480" height="300" loading="eager" decoding="async">`;
  const rating =
    l.ratingcnt > 0
      ? `<p class="lecture-card__rating"><span aria-hidden="true">★</span> ${l.ratingavg.toFixed(1)} <span class="lecture-card__count">(${l.ratingcnt})</span></p>`
      : '';
  return `<article class="lecture-card"><a href="/classView/${l.contentsid}" class="lecture-card__link"><div class="lecture-card__thumb">${img}${badge}</div><div class="lecture-card__body"><p class="lecture-card__category">${escapeAttr(l.ctgrname)}</p><p class="lecture-card__title">${escapeAttr(l.title)}</p><p class="lecture-card__teacher">${escapeAttr(l.teachername)}</p>${priceLine(l)}${rating}</div></a></article>`;
}

/** Preloads of the first screenful's thumbnails, the first row's with the line first. */
export const thumbnailPreloads = (list: readonly Lecture[]) =>
  list
    .slice(0, PRELOADED_THUMBNAILS)
    .map((l, i) => `<link rel="preload" as="image" href="${escapeAttr(l.thumbnail)}"${i < 2 ? ' fetchpriority="high"' : ''}>`)
    .join('');

/** The grid's first screenful of cards (the search page's too: searchFirstPaint.ts), each image held for (PAINT_FIRST). */
export function firstCards(list: readonly Lecture[]): string {
  return `<div class="lecture-grid">${list.slice(0, PRELOADED_THUMBNAILS).map((l, i) => card(l, i === 0)).join('')}</div>`;
}

/**
 * The class list's first screenful as the app's LayoutA and ClassListPage lay it out (breadcrumb, title, sub-category
 * chips, the sort's box, the count, the first cards), with the same classes, so the largest paint (the first card's
 * thumbnail) needs no script and the app's first render puts the same things in the same places. The breadcrumb and
 * chips follow the app's rules (src/lib/categories.ts: the path up the parents; a leaf shows its siblings). The sort is
 * inert until the app is in (a press lets the scripts go at once: heldScripts.ts). Not the app's landmarks or headings.
 */
function staticClassList(categoryid: number, lectures: LecturePage, categories: readonly Category[]): string {
  const byId = new Map(categories.map((c) => [c.categoryid, c]));
  const path: Category[] = [];
  for (let c = byId.get(categoryid); c && path.length < 5; c = c.parentID ? byId.get(c.parentID) : undefined) path.unshift(c);
  const childrenOf = (id: number) => categories.filter((c) => c.parentID === id && c.categoryid !== id);
  const subs = childrenOf(categoryid);
  const parent = path.at(-2);
  const siblings = subs.length === 0 && parent ? childrenOf(parent.categoryid) : subs;
  const link = (c: Category, className?: string) =>
    `<a href="/classList/${c.categoryid}/${c.pcategoryid}"${className ? ` class="${className}"` : ''}>${escapeAttr(c.ctgrname)}</a>`;
  const crumbs = `<ol class="breadcrumb"><li><a href="/main">홈</a></li>${path.map((c) => `<li>${link(c)}</li>`).join('')}</ol>`;
  const chips = siblings.length
    ? `<ul class="chip-list">${siblings.map((c) => `<li>${link(c, c.categoryid === categoryid ? 'chip on' : 'chip')}</li>`).join('')}</ul>`
    : '';
  // The app's sort labels (ClassListPage's SORT_LABELS): the box is as wide as its longest.
  const sort = `<div class="list-toolbar"><span class="sort-select"><select disabled aria-hidden="true">${['최신순', '인기순', '평점순', '낮은 가격순', '높은 가격순'].map((o) => `<option>${o}</option>`).join('')}</select></span></div>`;
  const count = `<p class="page__lead">총 <strong class="accent">${lectures.totalCount}</strong>개의 클래스</p>`;
  return `<div class="shell shell--a" style="min-height:0"><div class="shell__main"><div class="page class-list">${crumbs}<p class="page__title">${escapeAttr(path.at(-1)?.ctgrname ?? '클래스')}</p>${chips}${sort}${count}${firstCards(lectures.list)}</div></div></div>`;
}

/** JSON inside <script type="application/json">: `<` escaped so no text can close the element. */
const jsonForHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * index.html for a class list with its first page of lectures and the category list written in (a data block,
 * never run as script, so the Content-Security-Policy is untouched; read by src/lib/firstPaintData.ts) and its first
 * thumbnails preloaded: the largest image paints without waiting for calls that could only start once the app's
 * scripts had run, and the chips arrive with the cards (no shift). The data is what the operations answer. The
 * transformer sees the path only: the app takes an entry only when it asks for exactly that request.
 */
export function classListFirstPaint(call: OwnCall): IndexTransformer {
  return async (html, path, _readBuilt, visit) => {
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
    const page = withFirstPaintData(html, entries, thumbnailPreloads(lectures.list));
    // With the categories in hand the first screenful is drawn (its rules inline, the scripts held: heldScripts.ts).
    // An address with a sort or page shows other cards than the first page's: the app draws those.
    const plainAddress = !visit || [...visit.search.keys()].length === 0;
    if (!categories || !plainAddress || lectures.list.length === 0 || !page.includes(FIRST_PAINT_SLOT)) return page;
    return page.replace(FIRST_PAINT_SLOT, () => staticClassList(request.categoryid, lectures, categories as Category[]));
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
