import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import type { Db } from '../db/database';
import { all, one } from '../db/query';
import { fail } from '../lib/failure';
import { daysFromNow, kst } from '../lib/time';
import { PICTURE_EXTENSION, readPicture } from '../lib/pictures';
import { safeHref } from '../../rules/safeHref';
import { recordAudit, type AuditActor } from './audit';
import { nextConsoleId } from './consoleIds';

/**
 * /main's banners as the console writes them (issue 38): pictures uploaded and told by their bytes, links checked by
 * the store's one rule for links from data (rules/safeHref.ts) before they are stored, titles kept as plain text (the
 * store prints them as text and as the picture's alt). Every write appends one audit entry in its transaction.
 */
export type AdminBanner = components['schemas']['AdminBanner'];
type BannerInput = components['schemas']['AdminBannerInput'];
type BannerOrder = components['schemas']['AdminBannerOrder'];
type BannerPicture = components['schemas']['AdminBannerImage'];

export const MAX_BANNERS = 10;
export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;
export const PICTURE_MIN = { width: 600, height: 200 } as const;
export const PICTURE_MAX = 4000;

export const UNSAFE_LINK = '링크는 https:// 로 시작하는 주소나 /로 시작하는 스토어 주소만 넣을 수 있습니다.';
export const NO_PICTURE = '배너 이미지를 먼저 올려주세요.';
export const TOO_MANY = `배너는 ${MAX_BANNERS}개까지 둘 수 있습니다. 쓰지 않는 배너를 먼저 삭제해주세요.`;
export const ORDER_CHANGED = '배너 목록이 그 사이 바뀌었습니다. 새로고침 후 다시 시도해주세요.';
export const NOT_A_PICTURE = '배너 이미지는 PNG, JPEG, WebP 파일만 올릴 수 있습니다.';
export const PICTURE_TOO_LARGE = '배너 이미지는 2MB까지 올릴 수 있습니다.';
export const PICTURE_TOO_SMALL = `배너 이미지는 가로 ${PICTURE_MIN.width}px, 세로 ${PICTURE_MIN.height}px 이상이어야 합니다.`;
export const PICTURE_TOO_BIG = `배너 이미지는 가로·세로 ${PICTURE_MAX}px 이하여야 합니다.`;
const NO_FILE = '올릴 배너 이미지를 선택해주세요.';
const EMPTY_TITLE = '배너 제목을 입력해주세요.';
const NOT_FOUND = '요청하신 배너를 찾을 수 없습니다.';

/** Where the store finds an uploaded picture; the name is its bytes' hash, so an address never changes what it shows. */
const PICTURE_PREFIX = '/media/banners/';
export const PICTURE_NAME = /^u-[0-9a-f]{24}\.(png|jpg|webp)$/;
/** An unused picture stays this long, so one uploaded for a banner not yet saved is still there when it is. */
const UNUSED_PICTURE_DAYS = 1;

interface BannerRow {
  bannerid: number;
  title: string;
  subtitle: string;
  image: string;
  mobile_image: string | null;
  link: string;
  sort: number;
}

/** Every banner, first shown first (the store's order: `sort`, then id). */
export async function listBanners(db: Db): Promise<AdminBanner[]> {
  const rows = await all(db, sql<BannerRow>`select bannerid, title, subtitle, image, mobile_image, coalesce(link, '') as link, sort
    from banners order by sort, bannerid`);
  return rows.map((b, i) => ({
    bannerid: b.bannerid,
    title: b.title,
    subtitle: b.subtitle,
    imageurl: b.image,
    mobileimageurl: b.mobile_image,
    linkurl: b.link || null,
    sortorder: i + 1,
  }));
}

// ------------------------------------------------------------------ pictures

/**
 * Checks an uploaded picture and keeps it (without its metadata): 415 for bytes that are no PNG, JPEG or WebP, 413 over
 * 2 MB, 400 outside the pixel sizes. The same bytes twice are one picture.
 */
export async function storeBannerPicture(db: Db, author: AuditActor, form: FormData | undefined): Promise<BannerPicture> {
  const file = form?.get('file');
  if (!file || typeof file === 'string') return fail(400, NO_FILE);
  if (file.size > MAX_PICTURE_BYTES) return fail(413, PICTURE_TOO_LARGE);
  const picture = readPicture(new Uint8Array(await file.arrayBuffer()));
  if (!picture) return fail(415, NOT_A_PICTURE);
  if (picture.width < PICTURE_MIN.width || picture.height < PICTURE_MIN.height) fail(400, PICTURE_TOO_SMALL);
  if (picture.width > PICTURE_MAX || picture.height > PICTURE_MAX) fail(400, PICTURE_TOO_BIG);
  const name = `u-${createHash('sha256').update(picture.bytes).digest('hex').slice(0, 24)}.${PICTURE_EXTENSION[picture.type]}`;
  const stored: BannerPicture = {
    imageurl: PICTURE_PREFIX + name,
    width: picture.width,
    height: picture.height,
    size: picture.bytes.length,
    contenttype: picture.type,
  };
  await db.transaction().execute(async (tx) => {
    // Uploaded again: its day of grace starts again.
    await sql`insert into banner_images (name, content_type, width, height, size, bytes, uploaded_by, created_at)
      values (${name}, ${picture.type}, ${picture.width}, ${picture.height}, ${picture.bytes.length}, ${picture.bytes},
        ${author.staff?.useruid ?? ''}, ${kst()})
      on conflict (name) do update set created_at = excluded.created_at`.execute(tx);
    await recordAudit(tx, author, {
      operation: 'uploadAdminBannerImage',
      objectType: 'bannerImage',
      objectId: name,
      after: { width: picture.width, height: picture.height, size: picture.bytes.length, contenttype: picture.type, filename: file.name },
    });
  });
  return stored;
}

/** An uploaded picture's address, or the banner's own current one (a drawn demo picture); anything else 400. */
async function pictureOrFail(tx: Db, url: string | null | undefined, own: readonly (string | null)[]): Promise<string | null> {
  if (!url) return null;
  if (own.includes(url)) return url;
  const name = url.startsWith(PICTURE_PREFIX) ? url.slice(PICTURE_PREFIX.length) : '';
  if (!PICTURE_NAME.test(name) || !(await one(tx, sql`select 1 from banner_images where name = ${name}`))) fail(400, NO_PICTURE);
  return url;
}

/** Pictures no banner shows any more, uploaded over a day ago: removed with the write that let them go. */
async function sweepPictures(tx: Db): Promise<void> {
  await sql`delete from banner_images i where i.created_at < ${daysFromNow(-UNUSED_PICTURE_DAYS)}
    and not exists (select 1 from banners b where b.image = ${PICTURE_PREFIX} || i.name or b.mobile_image = ${PICTURE_PREFIX} || i.name)`.execute(tx);
}

// ------------------------------------------------------------------ banners

interface CheckedInput {
  title: string;
  subtitle: string;
  image: string;
  mobileImage: string | null;
  link: string;
}

/** The input as stored: plain texts trimmed, pictures known, the link the store's rule lets through (400 otherwise). */
async function checked(tx: Db, input: BannerInput, own: readonly (string | null)[] = []): Promise<CheckedInput> {
  const title = input.title.replace(/\s+/g, ' ').trim() || fail(400, EMPTY_TITLE);
  const subtitle = input.subtitle.replace(/\s+/g, ' ').trim();
  const link = (input.linkurl ?? '').trim();
  // The server refuses what the store would drop: a banner is never saved with a link nobody can follow.
  if (link && safeHref(link) !== link) fail(400, UNSAFE_LINK);
  const image = (await pictureOrFail(tx, input.imageurl, own)) ?? fail(400, NO_PICTURE);
  const mobileImage = await pictureOrFail(tx, input.mobileimageurl, own);
  return { title, subtitle, image, mobileImage, link };
}

const trail = (b: Pick<CheckedInput, 'title' | 'subtitle' | 'image' | 'mobileImage' | 'link'>) => ({
  title: b.title,
  subtitle: b.subtitle,
  imageurl: b.image,
  mobileimageurl: b.mobileImage,
  linkurl: b.link,
});

/** Any constant the instances share: banner writes take turns, so the count and the order stay whole. */
const BANNERS_LOCK = 2_026_113_805;
const lockBanners = (tx: Db) => sql`select pg_advisory_xact_lock(${BANNERS_LOCK})`.execute(tx);

export async function createBanner(db: Db, author: AuditActor, input: BannerInput): Promise<AdminBanner[]> {
  return db.transaction().execute(async (tx) => {
    await lockBanners(tx);
    const b = await checked(tx, input);
    const count = (await one(tx, sql<{ n: number; last: number }>`select count(*)::int as n, coalesce(max(sort), -1)::int as last from banners`))!;
    if (count.n >= MAX_BANNERS) fail(409, TOO_MANY);
    const id = await nextConsoleId(tx, 'banners');
    await sql`insert into banners (bannerid, title, subtitle, image, mobile_image, link, sort)
      values (${id}, ${b.title}, ${b.subtitle}, ${b.image}, ${b.mobileImage}, ${b.link}, ${count.last + 1})`.execute(tx);
    await recordAudit(tx, author, { operation: 'createAdminBanner', objectType: 'banner', objectId: id, before: null, after: trail(b) });
    return listBanners(tx);
  });
}

export async function updateBanner(db: Db, author: AuditActor, id: number, input: BannerInput): Promise<AdminBanner[]> {
  return db.transaction().execute(async (tx) => {
    await lockBanners(tx);
    const before = await one(tx, sql<BannerRow>`select bannerid, title, subtitle, image, mobile_image, coalesce(link, '') as link, sort
      from banners where bannerid = ${id}`);
    if (!before) return fail(404, NOT_FOUND);
    const b = await checked(tx, input, [before.image, before.mobile_image]);
    await sql`update banners set title = ${b.title}, subtitle = ${b.subtitle}, image = ${b.image}, mobile_image = ${b.mobileImage},
      link = ${b.link} where bannerid = ${id}`.execute(tx);
    await sweepPictures(tx);
    await recordAudit(tx, author, {
      operation: 'updateAdminBanner',
      objectType: 'banner',
      objectId: id,
      before: trail({ ...before, mobileImage: before.mobile_image }),
      after: trail(b),
    });
    return listBanners(tx);
  });
}

/** The whole order, first shown first: the body names every banner once (409 otherwise: someone changed them). */
export async function reorderBanners(db: Db, author: AuditActor, order: BannerOrder): Promise<AdminBanner[]> {
  return db.transaction().execute(async (tx) => {
    await lockBanners(tx);
    const current = (await listBanners(tx)).map((b) => b.bannerid);
    const named = order.bannerids;
    if (named.length !== current.length || new Set(named).size !== named.length || !named.every((x) => current.includes(x))) fail(409, ORDER_CHANGED);
    for (const [i, id] of named.entries()) await sql`update banners set sort = ${i} where bannerid = ${id}`.execute(tx);
    await recordAudit(tx, author, { operation: 'reorderAdminBanners', objectType: 'banner', objectId: 'order', before: { bannerids: current }, after: { bannerids: named } });
    return listBanners(tx);
  });
}

export async function deleteBanner(db: Db, author: AuditActor, id: number): Promise<AdminBanner[]> {
  return db.transaction().execute(async (tx) => {
    await lockBanners(tx);
    const before = await one(tx, sql<BannerRow>`delete from banners where bannerid = ${id}
      returning bannerid, title, subtitle, image, mobile_image, coalesce(link, '') as link, sort`);
    if (!before) return fail(404, NOT_FOUND);
    await sweepPictures(tx);
    await recordAudit(tx, author, { operation: 'deleteAdminBanner', objectType: 'banner', objectId: id, before: trail({ ...before, mobileImage: before.mobile_image }), after: null });
    return listBanners(tx);
  });
}
