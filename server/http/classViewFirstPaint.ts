import type { components } from '../../src/api/schema.gen';
import { escapeAttr, withFirstPaintData, type OwnCall } from './classListFirstPaint';
import { FIRST_PAINT_SLOT, type IndexTransformer } from './static';
import { PAINT_FIRST } from './heldScripts';

type LectureDetail = components['schemas']['LectureDetail'];

/** `/classView/{contentsid}` as the app routes it (not case-sensitive, like the app's router). */
const CLASS_VIEW = /^\/classview\/(\d+)\/?$/i;
/** The useruid a visitor's detail call carries (src/api/queries/catalog.ts, VISITOR_UID). */
const VISITOR = '0';

/** The band's title: the route's staticData title (src/routes/_b/classView.$contentsid.tsx). */
const BAND_TITLE = '클래스 상세';

/**
 * The band and the summary's thumbnail in the boxes the app's LayoutB, SubpageBand and ClassSummary put them, with
 * the same classes (their rules written inline by paintBeforeStylesheets, so it paints before the stylesheets are in):
 * the largest paint happens as soon as the preloaded image is in, before any script or stylesheet, and the app's first
 * render replaces it with the same image in the same place. Not the app's landmarks (no <main>, no <h1>): it is a
 * picture of the page.
 */
function staticThumbnail(thumbnail: string): string {
  const img = `<img ${PAINT_FIRST} src="${escapeAttr(thumbnail)}" alt="" width="640" height="400" fetchpriority="high" decoding="sync">`;
  return `<div class="shell shell--b" style="min-height:0"><div class="subpage-band"><div class="subpage-band__inner"><p class="subpage-band__title">${BAND_TITLE}</p></div></div><div class="shell__main shell__main--sub"><div class="page class-view"><section class="class-summary"><div class="class-summary__thumb">${img}</div></section></div></div></div>`;
}

/**
 * index.html for a class view with the class's record as a visitor's detail call answers it written in (the data
 * block of classListFirstPaint.ts) and its thumbnail, the page's largest paint, preloaded and painted in the static
 * first paint (staticThumbnail): the largest paint needs no script, and the summary renders with the app's first
 * render instead of one call after the scripts have run. Only the visitor's record: the server does
 * not read who is signed in here, and a member's detail (ispurchased, isincart) is another request, which the app
 * then makes as before; the preloaded thumbnail is the same for both. An unknown class is left to the app's 404 card.
 */
export function classViewFirstPaint(call: OwnCall): IndexTransformer {
  return async (html, path) => {
    const match = CLASS_VIEW.exec(path);
    if (!match) return html;
    const request = { contentsid: Number(match[1]), useruid: VISITOR };
    const detail = (await call('GET', `/api/Contents/GetOnlineDetail/${request.contentsid}/${VISITOR}`)) as LectureDetail | undefined;
    if (!detail) return html;
    const preload = `<link rel="preload" as="image" href="${escapeAttr(detail.thumbnail)}" fetchpriority="high">`;
    const page = withFirstPaintData(html, [{ operation: 'getOnlineDetail', request, datas: detail }], preload);
    if (!page.includes(FIRST_PAINT_SLOT)) return page;
    // Its rules go inline and the scripts wait for its paint: heldScripts.ts (holdUntilFirstPaint).
    return page.replace(FIRST_PAINT_SLOT, () => staticThumbnail(detail.thumbnail));
  };
}
