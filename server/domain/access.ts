import { onMediaOrigin } from '../lib/mediaOrigin';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { signedQuery, verifySignature } from '../lib/signedUrl';
import { one } from '../db/query';
import { fail } from '../lib/failure';
import type { Member } from './member';
import { ownsClassNow } from './ownership';

/**
 * Who may fetch a file or a video (issue 11, findings 6 and 7). Links that must work without
 * headers (`<a download>`, `<video src>`) carry a short-lived signature issued only to a caller who
 * passed these rules; a caller who can send headers may use its bearer token instead.
 */
export const NOT_OWNER_VIDEO = '수강 중인 강의의 영상만 재생할 수 있습니다.';
export const NOT_OWNER_MATERIAL = '수강 중인 강의의 자료만 볼 수 있습니다.';
export const NOT_OWNER_DOWNLOAD = '수강 중인 강의의 자료만 내려받을 수 있습니다.';
export const NOT_AUTHOR_DOWNLOAD = '작성자만 내려받을 수 있는 파일입니다.';
/** A signed link whose member no longer has the class (issue 41, hole 1): refunded, revoked, or its access period over. */
export const LINK_ENDED_VIDEO = '환불되었거나 수강 기간이 끝난 강의의 영상이라 이 링크로는 더 이상 재생할 수 없습니다.';
export const LINK_ENDED_MATERIAL = '환불되었거나 수강 기간이 끝난 강의의 자료라 이 링크로는 더 이상 내려받을 수 없습니다.';
const SIGN_IN = '로그인 후 이용해주세요.';
const NOT_YOURS = '본인의 정보만 조회할 수 있습니다.';

/** A useruid in path, query or body must be the token's own (contract: bearerAuth). */
export function ownUser(ctx: { member: Member | undefined }, useruid: string | undefined): string {
  const me = ctx.member?.useruid;
  if (!me) return fail(401, SIGN_IN);
  // Signed in, but asking for someone else: forbidden, not unauthenticated (the client keeps the session).
  if (useruid !== undefined && useruid !== me) return fail(403, NOT_YOURS);
  return me;
}
export const LINK_EXPIRED = '다운로드 링크가 만료되었거나 올바르지 않습니다. 다시 시도해주세요.';

/** What a stored file is, which decides who may download it. */
export type FileAccess =
  { kind: 'handout'; contentsid: number } | { kind: 'notice' } | { kind: 'upload'; uploader: string | null; isPublic: boolean };

export async function fileAccess(db: Db, filename: string): Promise<FileAccess | undefined> {
  // A class handout first: a name that is also linked elsewhere never makes paid material public.
  const pdf = await one(db, sql<{ contentsid: number }>`select contentsid from pdfs where filename = ${filename}`);
  if (pdf) return { kind: 'handout', contentsid: pdf.contentsid };
  if (await one(db, sql`select 1 from notices where attachment = ${filename}`)) return { kind: 'notice' };
  const up = await one(
    db,
    sql<{
      uploaded_by: string | null;
      public: boolean;
    }>`select u.uploaded_by, exists(select 1 from suggest_files f join suggests g on g.suggestid = f.suggestid
        where f.filename = u.filename and not g.is_secret) as public
      from uploads u where u.filename = ${filename}`,
  );
  // An upload is its uploader's until a public suggestion links it.
  return up ? { kind: 'upload', uploader: up.uploaded_by, isPublic: up.public } : undefined;
}

const isPublic = (a: FileAccess) => a.kind === 'notice' || (a.kind === 'upload' && a.isPublic);

/**
 * What a file link's signature covers. A class handout's link names the member it was issued to (issue 23,
 * finding 8): the member is signed with the file, so a link cannot be re-addressed to anyone else, and the
 * download it serves is recorded as that member's. The member is encoded, so no `:` inside it can shift the
 * boundary between member and file name.
 */
const handoutResource = (filename: string, member: string) => `handout:${encodeURIComponent(member)}:${filename}`;

/**
 * Throws 401/403 unless the caller may fetch the file (signed link, or the right bearer). Answers the member a
 * handout download counts for: the one its signed link names (whoever presents it within its 10 minutes:
 * the link is the member's to hand on, like the file itself, but only while that member still has the class),
 * else the owner whose token was sent.
 */
export async function checkDownload(
  ctx: { member: Member | undefined; s: { db: Db } },
  filename: string,
  access: FileAccess,
  link: { expires?: unknown; signature?: unknown; member?: unknown } = {},
): Promise<string | undefined> {
  if (isPublic(access)) return undefined;
  if (access.kind === 'handout') {
    if (
      typeof link.member === 'string' &&
      verifySignature(handoutResource(filename, link.member), link.expires, link.signature)
    ) {
      // A good signature says who the link was issued to, not that they still have the class: asked at each fetch.
      if (!(await ownsClassNow(ctx.s.db, link.member, access.contentsid))) return refuseEndedLink('handout', link.member, filename);
      return link.member;
    }
  } else if (verifySignature(`file:${filename}`, link.expires, link.signature)) return undefined;
  const me = ctx.member?.useruid;
  if (!me) return fail(link.signature ? 403 : 401, link.signature ? LINK_EXPIRED : SIGN_IN);
  if (access.kind === 'handout') {
    if (!(await ownsClassNow(ctx.s.db, me, access.contentsid))) fail(403, NOT_OWNER_DOWNLOAD);
    return me;
  }
  if (access.kind === 'upload' && access.uploader !== me) fail(403, NOT_AUTHOR_DOWNLOAD);
  return undefined;
}

const downloadBase = (filename: string, originalFilename: string) =>
  `/api/file/downloadstream?filename=${encodeURIComponent(filename)}&originalFilename=${encodeURIComponent(originalFilename)}`;

/** The download link of a file: plain when anyone may fetch it, else signed for the caller who got it. */
export function downloadPath(filename: string, originalFilename: string, signed: boolean): string {
  const base = downloadBase(filename, originalFilename);
  return signed ? base + signedQuery(`file:${filename}`) : base;
}

/** A class handout's download link, signed for `member` and naming them (the owner it is issued to). */
export function handoutPath(filename: string, originalFilename: string, member: string): string {
  return `${downloadBase(filename, originalFilename)}&member=${encodeURIComponent(member)}${signedQuery(handoutResource(filename, member))}`;
}

/** The link GetFileUrl gives a caller who passed `checkDownload`; a handout's names the member it answered (always one for a handout). */
export const downloadPathFor = (filename: string, originalFilename: string, access: FileAccess, member: string | undefined) =>
  access.kind === 'handout' && member
    ? handoutPath(filename, originalFilename, member)
    : downloadPath(filename, originalFilename, !isPublic(access));

/**
 * What a class video's, fragment's or caption's signature covers: its path and the member it was issued to (issue 41,
 * hole 1), so serving it can ask whether that member still has the class. Encoded like a handout's member.
 */
const mediaResource = (path: string, member: string) => `media:${encodeURIComponent(member)}:${path}`;

/** The query of a media link to `path` signed for `member` (its `member` last, after `expires` and `signature`). */
export const signedMediaQuery = (path: string, member: string, ttlSeconds?: number) =>
  `${signedQuery(mediaResource(path, member), ttlSeconds)}&member=${encodeURIComponent(member)}`;

/** The member a media link was signed for, when its signature holds for `path`; else undefined. */
export const signedMediaMember = (path: string, link: { expires?: unknown; signature?: unknown; member?: unknown }) =>
  typeof link.member === 'string' && verifySignature(mediaResource(path, link.member), link.expires, link.signature)
    ? link.member
    : undefined;

/** A `<video src>` for a video: a preview's is public (no member), a class video's is signed for `member`. */
export function mediaPath(path: string, member: string | undefined): string {
  const base = `/api/Media/DataGetMedia?path=${encodeURIComponent(path)}`;
  return onMediaOrigin(member === undefined ? base : base + signedMediaQuery(path, member));
}

/**
 * 403 for a well-signed link whose member no longer has the class, with the English line an operator greps for (a
 * member who keeps fetching after a refund shows up here).
 */
export function refuseEndedLink(kind: 'handout' | 'video' | 'caption', member: string, what: string): never {
  console.warn(`[links] refused a signed ${kind} link of ${member} for ${what}: the member no longer has the class`);
  return fail(403, kind === 'handout' ? LINK_ENDED_MATERIAL : LINK_ENDED_VIDEO);
}
