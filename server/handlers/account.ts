import { randomBytes } from 'node:crypto';
import { remindersOn, setReminders } from '../domain/mailReminders';
import { sql } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import type { Db } from '../db/database';
import type { MemberRow } from '../db/rows';
import { one } from '../db/query';
import { iso, kst } from '../lib/time';
import { fail } from '../lib/failure';
import { ownUser } from '../domain/access';
import { ok, type Handlers } from '../openapi/typed';
import { writes, uncachedRead, type CacheTable } from '../openapi/cacheTags';
import { MEMBER_TABLES, type Member } from '../domain/member';

const toUser = (m: MemberRow): components['schemas']['User'] => ({
  useruid: m.useruid,
  userid: m.userid,
  email: m.email,
  name: m.name,
  phone: m.phone ?? null,
  birth: m.birth ?? null,
  snstype: m.sns_type,
  agreemarketing: m.marketing,
  regdate: iso(m.created_at),
});
const member = (db: Db, useruid: string) =>
  one(db, sql<MemberRow>`select * from members where useruid = ${useruid} and left_at is null`);
const DUPLICATE = '동일한 이메일로 가입된 사용자가 있습니다.';
const NO_MEMBER = '회원 정보를 찾을 수 없습니다.';
const SIGN_IN = '로그인 후 이용해주세요.';
const NOT_YOUR_EMAIL = '로그인한 계정의 이메일로만 확인하거나 가입할 수 있습니다.';
const NOT_YOUR_ID = '로그인한 계정으로만 가입할 수 있습니다.';

/**
 * Supabase mode (issue 24): the account check and the account creation answer only the signed-in Supabase user, for
 * the email its verified token carries; a new account takes the auth user's id as its useruid. In local mode the
 * stand-in's flow is unchanged (the demo sign-in picks an existing member).
 */
function firstSignInOnly(ctx: { s: { auth: { kind: string } }; member: Member | undefined }, email: string, useruid?: string): void {
  if (ctx.s.auth.kind !== 'supabase') return;
  if (!ctx.member) return fail(401, SIGN_IN);
  if (ctx.member.email !== email) return fail(403, NOT_YOUR_EMAIL);
  if (useruid !== undefined && ctx.member.withoutAccount && useruid !== ctx.member.useruid) return fail(403, NOT_YOUR_ID);
}

/** Sign-in, sign-up and the member's own record. */
export const account = {
  async loginSubmit(ctx) {
    const me = ownUser(ctx, ctx.body.useruid);
    const m = await member(ctx.s.db, me);
    if (!m || m.email !== ctx.body.email) return fail(404, NO_MEMBER);
    // A fresh token per login; the SPA itself upserts it into the users table (single-session rule).
    return ok({ id: me, email: m.email, sessionToken: randomBytes(24).toString('hex'), success: true });
  },
  async createUser(ctx) {
    const b = ctx.body;
    ownUser(ctx, b.useruid);
    if (await one(ctx.s.db, sql`select 1 from members where email = ${b.email} or useruid = ${b.useruid}`))
      return fail(409, DUPLICATE);
    const m = await one(
      ctx.s.db,
      sql<MemberRow>`insert into members (useruid, userid, email, name, phone, birth, sns_type, marketing, created_at)
        values (${b.useruid}, ${b.userid}, ${b.email}, ${b.name}, ${b.phone}, ${b.birth ?? null}, 'local',
          ${b.agreemarketing ?? false}, ${kst()})
        returning *`,
    );
    return ok(toUser(m!), '회원가입이 완료되었습니다.');
  },
  async getUserInfo(ctx) {
    const me = ownUser(ctx, undefined);
    const m = await one(
      ctx.s.db,
      sql<MemberRow>`select * from members where email = ${ctx.body.email} and useruid = ${me} and left_at is null`,
    );
    if (!m) return fail(404, NO_MEMBER);
    return ok(toUser(m));
  },
  async getUserInfoWithUseruid(ctx) {
    const m = await member(ctx.s.db, ownUser(ctx, ctx.params.useruid));
    if (!m) return fail(404, NO_MEMBER);
    return ok(toUser(m));
  },
  async updateUser(ctx) {
    const b = ctx.body;
    const me = ownUser(ctx, b.useruid);
    const m = await one(
      ctx.s.db,
      sql<MemberRow>`update members set name = coalesce(${b.name ?? null}, name), phone = coalesce(${b.phone ?? null}, phone),
        birth = case when ${b.birth !== undefined} then ${b.birth ?? null} else birth end,
        marketing = coalesce(${b.agreemarketing ?? null}, marketing)
        where useruid = ${me} and left_at is null returning *`,
    );
    if (!m) return fail(404, NO_MEMBER);
    return ok(toUser(m), '회원정보가 수정되었습니다.');
  },
  async leaveUser(ctx) {
    const me = ownUser(ctx, ctx.body.useruid);
    const m = await one(
      ctx.s.db,
      sql`update members set left_at = ${kst()}, email = ${'left-' + Date.now() + '-'} || email
        where useruid = ${me} and left_at is null returning useruid`,
    );
    if (!m) return fail(404, NO_MEMBER);
    return ok({ useruid: me }, '탈퇴 처리되었습니다.');
  },
  // Only whether the email is taken, which signing up with it would say as well ('동일한 이메일로 가입된 사용자가
  // 있습니다.'); the useruid only to the member it belongs to, proven by its own token (the login flow sends it).
  async checkUserAccount(ctx) {
    const { s, body, member } = ctx;
    firstSignInOnly(ctx, body.email);
    const m = await one(
      s.db,
      sql<{ useruid: string }>`select useruid from members where email = ${body.email} and left_at is null`,
    );
    // A session of another provider with the email (server/domain/member.ts) is not the account's member, even when
    // Supabase linked it to the same auth user (whose id is then the account's useruid).
    return ok({ exists: !!m, useruid: m && !member?.withoutAccount && member?.useruid === m.useruid ? m.useruid : null });
  },
  async createSnsUser(ctx) {
    const { s, body, member } = ctx;
    firstSignInOnly(ctx, body.email, body.useruid);
    const existing = await one(
      s.db,
      sql<MemberRow>`select * from members where email = ${body.email} or useruid = ${body.useruid}`,
    );
    if (existing) {
      // A second CreateSNSUser of the same sign-in answers that member's record, and only to that member's token:
      // a useruid and an email are no proof of who is asking.
      const same = existing.useruid === body.useruid && existing.email === body.email && !existing.left_at;
      if (same && !member?.withoutAccount && member?.useruid === existing.useruid) return ok(toUser(existing));
      return fail(409, DUPLICATE);
    }
    // The provider the verified token names (a Naver member is not recorded as Kakao, issue 41); the local stand-in's
    // sign-in stands for Kakao's, as it always has.
    const provider = member?.provider ?? 'kakao';
    const m = await one(
      s.db,
      sql<MemberRow>`insert into members (useruid, userid, email, name, sns_type, created_at)
        values (${body.useruid}, ${body.userid}, ${body.email}, ${body.name}, ${provider}, ${kst()})
        on conflict do nothing returning *`,
    );
    // A doubled request that lost the race to the same useruid or email: taken, as for any later one.
    if (!m) return fail(409, DUPLICATE);
    return ok(toUser(m), '회원가입이 완료되었습니다.');
  },
  async checkUserPhone(ctx) {
    const m = await member(ctx.s.db, ownUser(ctx, ctx.query.useruid));
    if (!m) return fail(404, NO_MEMBER);
    const exists = !!m.phone?.trim();
    return ok({ exists }, exists ? '' : '휴대폰 번호를 등록해주세요. 회원정보 수정 화면으로 이동합니다.');
  },
  async getMailSettings(ctx) {
    const me = ownUser(ctx, undefined);
    if (!(await member(ctx.s.db, me))) return fail(404, NO_MEMBER);
    return ok({ reminders: await remindersOn(ctx.s.db, me) });
  },
  async updateMailSettings(ctx) {
    const me = ownUser(ctx, undefined);
    if (!(await member(ctx.s.db, me)) || !(await setReminders(ctx.s.db, me, ctx.body.reminders))) return fail(404, NO_MEMBER);
    return ok({ reminders: ctx.body.reminders }, ctx.body.reminders ? '수강 기간 종료 안내 메일을 받습니다.' : '수강 기간 종료 안내 메일을 받지 않습니다.');
  },
} satisfies Partial<Handlers>;

/** What each operation reads or writes, for the catalogue cache (server/openapi/cacheTags.ts). */
export const accountCache = {
  loginSubmit: writes(MEMBER_TABLES),
  createUser: writes(MEMBER_TABLES),
  getUserInfo: uncachedRead,
  getUserInfoWithUseruid: uncachedRead,
  updateUser: writes(MEMBER_TABLES),
  leaveUser: writes(MEMBER_TABLES),
  checkUserAccount: writes(MEMBER_TABLES),
  createSnsUser: writes(MEMBER_TABLES),
  checkUserPhone: uncachedRead,
  getMailSettings: uncachedRead,
  updateMailSettings: writes(MEMBER_TABLES),
} satisfies CacheTable<typeof account>;
