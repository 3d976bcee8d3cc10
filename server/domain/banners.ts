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

/** Banners as `Banner/GetList` answers them, in display order; also what the /main pre-render paints. */
export async function bannerRecords(db: Db): Promise<BannerRecord[]> {
  const rows = await sql<{ bannerid: number; title: string; subtitle: string; image: string; link: string | null; sort: number }>`
    select bannerid, title, subtitle, image, link, sort from banners order by sort`.execute(db);
  return rows.rows.map((b) => ({
    bannerid: b.bannerid,
    title: b.title,
    imageurl: b.image,
    mobileimageurl: b.image.endsWith('.svg') ? mobileVariant(b.image) : null,
    linkurl: b.link || null,
    ...BANNER_SIZE,
    alt: `${b.title} - ${b.subtitle}`,
    sortorder: b.sort + 1,
  }));
}
