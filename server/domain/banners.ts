import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { components } from '../../src/api/schema.gen';

/** Desktop banners are 3:1; the phone variant is 3:2 so the hero stays the largest paint on a phone. */
export const BANNER_SIZE = { width: 1200, height: 400 } as const;
export const MOBILE_BANNER_SIZE = { width: 780, height: 520 } as const;

/** The contract's Banner record: the generated type, so the server cannot drift from the yaml. */
export type BannerRecord = components['schemas']['Banner'];

/** The phone variant of a generated banner image: `/media/banners/1.svg` → `/media/banners/1-m.svg`. */
export const mobileVariant = (image: string) => image.replace(/\.svg$/, '-m.svg');

/**
 * A drawn demo picture's address carries a mark of what it draws (title, subtitle, link), so a browser that kept the
 * picture a day (server/media/artwork.ts) fetches it again once an operator renames the banner. Uploaded pictures are
 * named by their bytes already.
 */
const drawnVersion = (b: { title: string; subtitle: string; link: string | null }) =>
  createHash('sha1').update(`${b.title}\n${b.subtitle}\n${b.link ?? ''}`).digest('base64url').slice(0, 8);

/** Banners as `Banner/GetList` answers them, in display order; also what the /main pre-render paints. */
export async function bannerRecords(db: Db): Promise<BannerRecord[]> {
  const rows = await sql<{ bannerid: number; title: string; subtitle: string; image: string; mobile_image: string | null; link: string | null; sort: number }>`
    select bannerid, title, subtitle, image, mobile_image, link, sort from banners order by sort, bannerid`.execute(db);
  return rows.rows.map((b, i) => {
    const drawn = b.image.endsWith('.svg');
    const v = drawn ? `?v=${drawnVersion(b)}` : '';
    return {
      bannerid: b.bannerid,
      title: b.title,
      imageurl: b.image + v,
      mobileimageurl: b.mobile_image ?? (drawn ? mobileVariant(b.image) + v : null),
      linkurl: b.link || null,
      ...BANNER_SIZE,
      alt: b.subtitle ? `${b.title} - ${b.subtitle}` : b.title,
      sortorder: i + 1,
    };
  });
}
