import type { components } from '../../src/api/schema.gen';
import { escapeAttr, withFirstPaintData, type OwnCall } from './classListFirstPaint';
import { paintBeforeStylesheets } from './firstPaintStyles';
import { APP_START, FIRST_PAINT_SLOT, type IndexTransformer, type IndexVisit } from './static';
import { FIRST_PAINT_VIDEO_ID, hasEntryScript, holdScripts } from './heldScripts';
// Where the player opens: the rule the app's PlayerPage applies, so both pick the same video and second.
import { pickStart } from '../../rules/startPoint';

type VideoSource = components['schemas']['VideoSource'];
type LectureDetail = components['schemas']['LectureDetail'];
type Video = components['schemas']['Video'];
type WatchTime = components['schemas']['WatchTime'];
type FirstPaintEntry = Parameters<typeof withFirstPaintData>[1][number];

/** `/player/{contentsid}` as the app routes it (not case-sensitive, like the app's router). */
const PLAYER = /^\/player\/(\d+)\/?$/i;
/**
 * The spec's cookies (§9, `pilates_` prefix; src/auth/storedUser.ts), SameSite=Lax: they come with a navigation. The
 * token decides; the useruid only names the member's records in the calls (another member's is refused as for the app).
 */
const ACCESS_TOKEN_COOKIE = 'pilates_accessToken';
const USERUID_COOKIE = 'pilates_useruid';
/** HLS needs hls.js (the app's) in most browsers: such a video is left to the app. */
const isPlaylist = (source: VideoSource) => source.path.endsWith('.m3u8') || new URL(source.sourceurl, 'http://x.invalid').pathname.endsWith('.m3u8');

/**
 * The player as the app's PlayerPage lays it out (bar, stage, side panel), with the same classes (their rules written
 * inline), the video in the stage's box. Not the app's landmarks: a picture of the page, replaced by the app, which
 * takes the video element itself over (so it keeps its bytes and frame). `#t=` starts it at the address's second.
 */
function staticPlayer(contentsid: number, title: string, source: VideoSource, start: number): string {
  const src = escapeAttr(source.sourceurl + (start > 0 ? `#t=${start}` : ''));
  const video = `<video id="${FIRST_PAINT_VIDEO_ID}" src="${src}" preload="auto" playsinline aria-label="${escapeAttr(title)}"></video>`;
  const bar = `<div class="player-bar"><a class="player-bar__back" href="/myclassProgress/${contentsid}"><span aria-hidden="true">‹</span> 강의실로</a><div class="player-bar__titles"><p class="player-bar__lecture">${escapeAttr(title)}</p></div></div>`;
  return `<div class="shell shell--bare"><div class="player">${bar}<div class="player-body"><div class="player-main"><div class="player-stage"><div class="player-stage__controller">${video}</div></div></div><div class="player-side"></div></div></div></div>`;
}

/** A speculative load (a prefetch or prerender) is no visit to the player: nothing is issued for it. */
const isSpeculative = (visit: IndexVisit) => /prefetch|prerender/i.test(`${visit.header('sec-purpose') ?? ''} ${visit.header('purpose') ?? ''}`);

/**
 * index.html for the player (`/player/121?videoid=12111&t=95` from "이어보기", `?videoid=12111` after a reload, or
 * `/player/121` from a link to the class), for a member whose access-token cookie came with the request: the video's signed
 * source, asked for as that member (GetVideoSourceUrl decides, as for the app's own call: owner or preview only), is
 * written into the page twice: as a `<video>` in a static picture of the player, which starts loading with the page,
 * and in the data block, from which the app takes the same answer instead of asking again. The class, its sections and
 * the member's videos (the curriculum; and their last watched video, when the address names none) go into the data
 * block too, as the member's own calls answer them: the app's
 * first render shows them instead of asking once its scripts are in. The app's scripts wait for that video's metadata
 * (HOLD_SCRIPT). The page is then the member's own (`personal`: never cached).
 * It opens where the app's player would (rules/startPoint.ts, from the member's records: the address's video and
 * second, else where they were). Anything else (no cookie, a refused, locked or HLS video, a prefetch) is the plain
 * page, and the app asks as before.
 */
export function playerFirstPaint(call: OwnCall): IndexTransformer {
  const beforeStylesheets = paintBeforeStylesheets({ withPreloadedStyles: true });
  return async (html, path, readBuilt, visit) => {
    const match = PLAYER.exec(path);
    if (!match || !visit || isSpeculative(visit)) return html;
    const contentsid = Number(match[1]);
    // Both optional: a reload's address keeps only the video, a link to the class names neither (the player then opens
    // the member's last watched video of the class, else the first not complete).
    const videoid = visit.search.has('videoid') ? Number(visit.search.get('videoid')) : undefined;
    const t = visit.search.has('t') ? Number(visit.search.get('t')) : undefined;
    const token = visit.cookie(ACCESS_TOKEN_COOKIE);
    const useruid = visit.cookie(USERUID_COOKIE);
    if (!token || !useruid) return html;
    if ((videoid !== undefined && (!Number.isSafeInteger(videoid) || videoid < 1)) || (t !== undefined && !Number.isFinite(t))) return html;
    if (!hasEntryScript(html) || !html.includes(FIRST_PAINT_SLOT) || !html.includes(APP_START)) return html;
    const member = encodeURIComponent(useruid);
    const [detail, sections, videos, last] = (await Promise.all([
      call('GET', `/api/Contents/GetOnlineDetail/${contentsid}/${member}`, undefined, token),
      call('POST', `/api/Contents/GetCurriculumSection/${contentsid}`),
      call('GET', `/api/Contents/GetVideo/${contentsid}/${member}`, undefined, token),
      videoid === undefined ? call('GET', `/api/Contents/GetLastWatchTime/${member}`, undefined, token) : undefined,
    ])) as [LectureDetail | undefined, unknown, Video[] | undefined, WatchTime | null | undefined];
    // The video the player opens for this address, and its second, as the app decides them from the same records.
    if (!videos || (videoid === undefined && last === undefined)) return html;
    const opens = pickStart(videos, { videoid, t }, last);
    if (!opens || (videoid !== undefined && opens.videoid !== videoid)) return html;
    const source = (await call('GET', `/api/Contents/GetVideoSourceUrl/${opens.videoid}`, undefined, token)) as VideoSource | undefined;
    if (!source || isPlaylist(source)) return html;
    visit.personal = true;
    // What the app asks for, keyed as it asks (src/features/player/PlayerPage.tsx); a refused call is left out.
    const entries: FirstPaintEntry[] = [
      { operation: 'getVideoSourceUrl', request: { id: opens.videoid }, datas: source },
      ...(detail ? [{ operation: 'getOnlineDetail', request: { contentsid, useruid }, datas: detail }] : []),
      ...(sections ? [{ operation: 'getCurriculumSections', request: { contentsid }, datas: sections }] : []),
      { operation: 'getLectureVideos', request: { contentsid, useruid }, datas: videos },
      ...(videoid === undefined ? [{ operation: 'getLastWatchTime', request: { useruid }, datas: last }] : []),
    ];

    let page = withFirstPaintData(html, entries, '');
    const appStart = page.indexOf(APP_START) + APP_START.length;
    const picture = staticPlayer(contentsid, detail?.title ?? '클래스 플레이어', source, opens.start);
    page = page.slice(0, appStart) + picture + page.slice(page.indexOf(FIRST_PAINT_SLOT) + FIRST_PAINT_SLOT.length);
    // The scripts wait for the video's metadata (heldScripts.ts); the stylesheet links then go after the hold.
    page = holdScripts(page);
    return readBuilt ? beforeStylesheets(page, readBuilt) : page;
  };
}
