import type { BannerRecord } from '../domain/banners';
import { FIRST_PAINT_SLOT, addToHead } from './static';
import { PAINT_FIRST } from './heldScripts';
// The one link rule the app's HeroBanner also applies: a pure module, the only one the server takes from src/.
import { safeHref } from '../../rules/safeHref';

const HERO_PATHS = new Set(['/', '/main']);
const PHONE = '(max-width: 640px)';

const escape = (v: string) => v.replace(/[<>&"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[ch]!);

/** The first slide exactly as the app's HeroBanner renders it, so replacing it moves nothing. */
function firstSlide(b: BannerRecord): string {
  const source = b.mobileimageurl ? `<source media="${PHONE}" srcset="${escape(b.mobileimageurl)}">` : '';
  const img = `<img ${PAINT_FIRST} src="${escape(b.imageurl)}" alt="${escape(b.alt)}" width="${b.width}" height="${b.height}" loading="eager" fetchpriority="high" decoding="sync">`;
  const picture = `<picture>${source}${img}</picture>`;
  // A link that is not http(s) or a same-origin path (javascript:, data:, //host) is dropped: the slide stays inert.
  const href = safeHref(b.linkurl);
  return `<section class="hero"><div class="hero__track" style="--hero-ratio:${b.width} / ${b.height}"><div class="hero__slide">${
    href ? `<a href="${escape(href)}">${picture}</a>` : picture
  }</div></div></section>`;
}

function preloads(b: BannerRecord): string {
  if (!b.mobileimageurl) return `<link rel="preload" as="image" href="${escape(b.imageurl)}" fetchpriority="high">`;
  return `<link rel="preload" as="image" href="${escape(b.mobileimageurl)}" media="${PHONE}" fetchpriority="high">`
    + `<link rel="preload" as="image" href="${escape(b.imageurl)}" media="(min-width: 641px)" fetchpriority="high">`;
}

/**
 * index.html for / and /main with the first banner preloaded and painted in the static first paint,
 * so the largest paint needs neither the app's scripts nor the banner call. The banners are those the
 * Banner/GetList operation answers (`readBanners`: through the catalogue cache, which a console write to
 * the banners empties at once on every instance), so the first paint never shows a banner the app would not.
 */
export function heroPrerender(readBanners: () => Promise<readonly BannerRecord[] | undefined>): (html: string, path: string) => Promise<string> {
  return async (html, path) => {
    if (!HERO_PATHS.has(path) || !html.includes(FIRST_PAINT_SLOT)) return html;
    const first = (await readBanners())?.[0];
    if (!first) return html;
    return addToHead(html, preloads(first)).replace(FIRST_PAINT_SLOT, () => firstSlide(first));
  };
}
