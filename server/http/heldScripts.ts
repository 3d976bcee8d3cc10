import { paintBeforeStylesheets } from './firstPaintStyles';
import type { IndexTransformer } from './static';

/** The element the player adopts (src/lib/firstPaintVideo.ts): its metadata lets the scripts go. */
export const FIRST_PAINT_VIDEO_ID = 'first-paint-video';
/**
 * Marks the images of a visitor page's static first paint that its largest paint may be (the hero's slide, a class's
 * thumbnail, the first cards'): the scripts wait for all of them. An attribute.
 */
export const PAINT_FIRST = 'data-paint-first';
const HELD_ID = 'held-scripts';
/**
 * The scripts wait at most this long: for the video's metadata (the player's controls wait as long for its frame), or
 * for the largest image's paint (on slow 4G a screen's image is a few hundred milliseconds).
 */
const HOLD_AT_MOST_MS = 1500;
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/[^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/[^"]+)">/g;

/**
 * Releases the app's scripts (the data block HELD_ID lists them) once the page's first paint has what it came for:
 * the player's written video its metadata (or an error), a visitor page's first-paint images (PAINT_FIRST) their
 * paint (their load, then the frame after), or at HOLD_AT_MOST_MS. A press or a key lets them go at once, so a tap is never kept waiting (the
 * first paint's links are plain links: a tap on one is a navigation, which works without the scripts).
 * Why hold: on a slow line every script shares the bandwidth with the video or image, and Lighthouse's simulation puts
 * every request that ended before the largest paint into that paint's time (docs/decisions.md).
 * The frame after the load is waited for at most 100 ms: a tab opened in the background runs no frame until it is shown.
 * Placed after the page's stylesheet links, the script runs once they are in (a stylesheet blocks the inline scripts
 * after it), so the app never renders unstyled. One fixed text: the Content-Security-Policy allows it by its hash
 * (server/app.ts) and nothing else inline runs.
 */
export const HOLD_SCRIPT = `(()=>{let t;const go=()=>{if(t===0)return;clearTimeout(t);t=0;removeEventListener('pointerdown',go,!0);removeEventListener('keydown',go,!0);const held=document.getElementById('${HELD_ID}');held.remove();for(const [rel,href] of JSON.parse(held.textContent)){const e=document.createElement(rel==='script'?'script':'link');if(rel==='script'){e.type='module';e.src=href}else{e.rel=rel;e.href=href}e.crossOrigin='';document.head.append(e)}};t=setTimeout(go,${HOLD_AT_MOST_MS});addEventListener('pointerdown',go,!0);addEventListener('keydown',go,!0);const v=document.getElementById('${FIRST_PAINT_VIDEO_ID}');if(v){v.addEventListener('loadedmetadata',go);v.addEventListener('error',go);if(v.readyState>0||v.error)go();return}const painted=()=>{requestAnimationFrame(()=>setTimeout(go,0));setTimeout(go,100)};const left=[...document.querySelectorAll('img[${PAINT_FIRST}]')].filter(i=>!i.complete);let n=left.length;if(!n)painted();for(const i of left){i.addEventListener('load',()=>{if(--n===0)painted()});i.addEventListener('error',go)}})()`;

/** Whether the page still carries the app's entry script as a tag (a page already held has none). */
export const hasEntryScript = (html: string) => ENTRY_SCRIPT.test(html);

/**
 * The page with its entry script and module preloads taken out and listed for HOLD_SCRIPT, which is written at the
 * end of the body (after whatever is there: put stylesheet links first to have the scripts wait for them too).
 * A page without the entry script (already held) is returned as it is.
 */
export function holdScripts(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry) return html;
  const held: [string, string][] = [['script', entry[1]!], ...[...html.matchAll(MODULE_PRELOAD)].map((m): [string, string] => ['modulepreload', m[1]!])];
  const hold = `<script type="application/json" id="${HELD_ID}">${JSON.stringify(held).replace(/</g, '\\u003c')}</script><script>${HOLD_SCRIPT}</script>`;
  const page = html.replace(entry[0], '').replace(MODULE_PRELOAD, '');
  return page.replace(/<\/body>(?![\s\S]*<\/body>)/, () => hold + '</body>');
}

/**
 * Last of the index transformers: a visitor page whose static first paint carries its largest image
 * (PAINT_FIRST: /main's hero, a class view's thumbnail, a class list's first cards) paints before the stylesheets (the
 * picture's rules inline, the links at the end of the body, the screen's preloaded ones read too) and holds the app's
 * scripts and the screen's module preloads until that image has painted. The scripts wait for the stylesheets too.
 */
export function holdUntilFirstPaint(): IndexTransformer {
  const beforeStylesheets = paintBeforeStylesheets({ withPreloadedStyles: true });
  return (html, _path, readBuilt) => {
    if (!html.includes(` ${PAINT_FIRST}`) || !hasEntryScript(html)) return html;
    return holdScripts(readBuilt ? beforeStylesheets(html, readBuilt) : html);
  };
}
