import type { components } from '../../src/api/schema.gen';
import { escapeAttr, firstCards, thumbnailPreloads, type OwnCall } from './classListFirstPaint';
import { FIRST_PAINT_SLOT, addToHead, type IndexTransformer } from './static';
import { searchCount } from '../../rules/search';

type LecturePage = components['schemas']['LecturePage'];

/** `/search` as the app routes it (not case-sensitive, like the app's router). */
const SEARCH = /^\/search\/?$/i;
/** The request the search page makes for its first page (src/routes/_a/search.tsx, fetchOnlineLectures' defaults). */
const firstPage = (schtext: string) => ({ pageSize: 12, isonlybranch: true, page: 1, schtext });

/**
 * index.html for `/search?schtext=…` with its first screenful drawn as the app's SearchPage lays it out (the title with
 * the word, the count, the classes' heading, the first cards; classes and elements the app's), its thumbnails
 * preloaded: the largest paint needs no script (the scripts wait for it: heldScripts.ts). The lectures are what the
 * operation answers for the page's own request, which the app then makes as before (through the catalogue cache);
 * the notices' count joins the line when the app has it. An address with a page, an empty word or no match is the app's.
 */
export function searchFirstPaint(call: OwnCall): IndexTransformer {
  return async (html, path, _readBuilt, visit) => {
    if (!SEARCH.test(path) || !visit || !html.includes(FIRST_PAINT_SLOT)) return html;
    const schtext = (visit.search.get('schtext') ?? '').trim();
    if (!schtext || [...visit.search.keys()].some((k) => k !== 'schtext')) return html;
    const lectures = (await call('POST', '/api/Contents/GetOnlineLectures/', firstPage(schtext))) as LecturePage | undefined;
    if (!lectures || lectures.list.length === 0) return html;
    const title = `<p class="page__title"><span class="accent">‘${escapeAttr(schtext)}’</span> 검색 결과</p>`;
    const count = `<p class="page__lead">클래스 ${searchCount(lectures.totalCount)}</p>`;
    const classes = `<section class="section section--first"><div class="section__head"><p class="section__title">클래스</p></div>${firstCards(lectures.list)}</section>`;
    const picture = `<div class="shell shell--a" style="min-height:0"><div class="shell__main"><div class="page search-page">${title}${count}${classes}</div></div></div>`;
    return addToHead(html, thumbnailPreloads(lectures.list)).replace(FIRST_PAINT_SLOT, () => picture);
  };
}
