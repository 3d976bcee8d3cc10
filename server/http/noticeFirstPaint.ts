import type { NoticeRow } from '../db/rows';
import { escapeAttr } from './classListFirstPaint';
import { PAINT_FIRST } from './heldScripts';
import { FIRST_PAINT_SLOT, type IndexTransformer } from './static';
import { sanitizeHtml } from '../lib/sanitizeHtml';

/** `/noticeView/{noticeid}` as the app routes it (not case-sensitive, like the app's router). */
const NOTICE_VIEW = /^\/noticeview\/(\d+)\/?$/i;
/** The band's title: the route's staticData title (src/routes/_b/noticeView.$noticeid.tsx). */
const BAND_TITLE = '공지사항';

/**
 * The notice as the app's LayoutB, SubpageBand and NoticeViewPage lay it out (band, pin, title, meta line, body), with
 * the same classes, its body sanitised here as it was when written in the console (the app sanitises it again when it
 * renders): the largest paint, a line of the body or the title, needs no script, and the scripts wait for it
 * (heldScripts.ts: the body carries PAINT_FIRST, no image to wait for). The app's own call then counts the view and
 * answers the same record, so the meta line shows the count that call will show. Not the app's headings: a picture.
 */
function staticNotice(n: NoticeRow): string {
  const date = n.created_at.slice(0, 10).replace(/-/g, '.');
  const head = `<div class="board-view__head">${n.istop ? '<em class="pin">공지</em>' : ''}<p class="board-view__title" style="font-weight:700">${escapeAttr(n.title)}</p><p class="board-view__meta">${escapeAttr(n.writer)} · ${date} · 조회 ${n.viewcnt + 1}</p></div>`;
  const band = `<div class="subpage-band"><div class="subpage-band__inner"><p class="subpage-band__title">${BAND_TITLE}</p></div></div>`;
  return `<div class="shell shell--b" style="min-height:0">${band}<div class="shell__main shell__main--sub"><div class="page board board-view">${head}<div ${PAINT_FIRST} class="safe-html board-view__body">${n.content}</div></div></div></div>`;
}

/** index.html for a notice with the notice drawn in (staticNotice); an unknown notice is left to the app's card. */
export function noticeFirstPaint(readNotice: (noticeid: number) => Promise<NoticeRow | undefined>): IndexTransformer {
  return async (html, path) => {
    const match = NOTICE_VIEW.exec(path);
    if (!match || !html.includes(FIRST_PAINT_SLOT)) return html;
    const notice = await readNotice(Number(match[1]));
    if (!notice) return html;
    const picture = staticNotice({ ...notice, content: await sanitizeHtml(notice.content) });
    return html.replace(FIRST_PAINT_SLOT, () => picture);
  };
}
