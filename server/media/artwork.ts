import { sql } from 'kysely';
import type { Db } from '../db/database';
import { BANNER_SIZE, MOBILE_BANNER_SIZE } from '../domain/banners';
import { bannerSvg, thumbnailSvg } from './thumbnails';
import { motifOf } from './illustrations';

/**
 * `/media/thumbs/<contentsid>.svg`, `/media/banners/<bannerid>.svg` and the phone banner
 * `/media/banners/<bannerid>-m.svg`: generated artwork, so the demo never depends on external images.
 */
export async function artwork(db: Db, kind: string, file: string): Promise<Response | undefined> {
  const match = /^(\d+)(-m)?\.svg$/.exec(file);
  if (!match) return undefined;
  const id = Number(match[1]);
  let svg: string;
  if (kind === 'thumbs' && !match[2]) {
    const row = (await sql<{ categoryid: number }>`select categoryid from lectures where contentsid = ${id}`.execute(db)).rows[0];
    if (!row) return undefined;
    svg = thumbnailSvg(id, row.categoryid);
  } else if (kind === 'banners') {
    const row = (
      await sql<{
        title: string;
        subtitle: string;
        link: string | null;
      }>`select title, subtitle, link from banners where bannerid = ${id}`.execute(db)
    ).rows[0];
    if (!row) return undefined;
    const size = match[2] ? MOBILE_BANNER_SIZE : BANNER_SIZE;
    // A banner that links to a class list shows that category's illustration.
    const category = /^\/classList\/(\d+)\//i.exec(row.link ?? '')?.[1];
    svg = bannerSvg(id, row.title, row.subtitle, size.width, size.height, category ? motifOf(Number(category)) : undefined);
  } else return undefined;
  return new Response(svg, { headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' } });
}
