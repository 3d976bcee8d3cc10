import { sql } from 'kysely';
import type { Db } from '../db/database';
import { one } from '../db/query';
import { Failure, fail } from '../lib/failure';
import { sign, verifySignature } from '../lib/signedUrl';
import type { Member } from './member';
import { maskEmail, maskName } from './privacy';
import { staffOf, type StaffRole } from './staff';

/**
 * 회원 화면으로 보기 (issue 38): staff open a class, its classroom and its player as a chosen member sees them. What
 * they get is a grant, not the member's session: a short-lived signed text naming the staff member, the member and
 * the class, accepted only beside that staff member's own bearer token, only on the member reads the yaml marks
 * `x-view-as`, only inside its class, and run in a read-only transaction (server/openapi/dispatch.ts). Every opening
 * is one entry of the audit trail, with its reason.
 */

/** Who may open it; the yaml's `x-staff-roles` of openAdminViewAs names the same (server/tests/admin-members.test.ts). */
export const VIEW_AS_ROLES: readonly StaffRole[] = ['owner', 'operator'];
/** Long enough to look through a class and its player; a longer look opens it again (and is audited again). */
export const VIEW_AS_TTL_SECONDS = 15 * 60;
/** The signature's purpose: a media or download link's signature never verifies as a grant, nor a grant's as a link. */
const PURPOSE = 'view-as';

export const VIEW_AS_REFUSALS = {
  readOnly: '회원 화면으로 보는 중에는 읽기만 할 수 있습니다.',
  role: '회원 화면으로 보기는 대표 운영자와 운영자만 할 수 있습니다.',
  grant: '회원 화면 보기가 끝났거나 올바르지 않습니다. 콘솔에서 다시 열어주세요.',
  otherClass: '회원 화면으로 보기는 연 클래스 안에서만 할 수 있습니다.',
  memberLeft: '탈퇴한 회원의 화면은 볼 수 없습니다.',
} as const;
export const NO_SUCH_MEMBER = '해당 이메일로 가입한 회원이 없습니다.';
export const NO_SUCH_CLASS = '없는 클래스입니다.';
export const REASON_NEEDED = '회원 화면을 여는 사유를 적어주세요.';

/** What a grant says: the audit entry of its opening, who opened it, whom it shows, which class, until when (unix s). */
export interface ViewAsGrant {
  auditid: number;
  staff: string;
  member: string;
  contentsid: number;
  expires: number;
}

/** `<payload>.<expires>.<signature>`: the payload is base64url JSON, the signature the server's (SIGNED_URL_SECRET). */
export function signGrant(grant: Omit<ViewAsGrant, 'expires'>, ttlSeconds = VIEW_AS_TTL_SECONDS, now = Date.now()): { text: string; expires: number } {
  const payload = Buffer.from(JSON.stringify({ a: grant.auditid, s: grant.staff, m: grant.member, c: grant.contentsid })).toString('base64url');
  const { expires, signature } = sign(`${PURPOSE}:${payload}`, ttlSeconds, now);
  return { text: `${payload}.${expires}.${signature}`, expires };
}

/** The grant a text carries when this server signed it and it has not expired; undefined for anything else. */
export function readGrant(text: string, now = Date.now()): ViewAsGrant | undefined {
  const parts = text.split('.');
  if (parts.length !== 3) return undefined;
  const [payload, expires, signature] = parts as [string, string, string];
  if (!verifySignature(`${PURPOSE}:${payload}`, expires, signature, now)) return undefined;
  try {
    const p = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const { a, s, m, c } = p;
    if (!Number.isInteger(a) || typeof s !== 'string' || typeof m !== 'string' || !Number.isInteger(c)) return undefined;
    return { auditid: a as number, staff: s, member: m, contentsid: c as number, expires: Number(expires) };
  } catch {
    return undefined;
  }
}

/** Where an operation names its class, as its yaml's `x-view-as` says (server/openapi/spec.ts reads it). */
export type ClassLocator =
  | { by: 'class' | 'video' | 'section' | 'quiz'; in: 'path' | 'query' | 'body'; name: string }
  /** The operation names no class: its answer names no class but the grant's (its handler sees to it). */
  | { by: 'granted' };

const OWNER_OF = {
  video: (id: number) => sql<{ contentsid: number }>`select contentsid from videos where videoid = ${id}`,
  section: (id: number) => sql<{ contentsid: number }>`select contentsid from sections where sectionid = ${id}`,
  quiz: (id: number) => sql<{ contentsid: number }>`select contentsid from quizzes where quizid = ${id}`,
};

/** The class a request reads, by its operation's locator; undefined when it names none that exists. */
async function classOfRequest(db: Db, locator: ClassLocator, request: Record<'path' | 'query' | 'body', unknown>, grant: ViewAsGrant): Promise<number | undefined> {
  if (locator.by === 'granted') return grant.contentsid;
  const value = (request[locator.in] as Record<string, unknown> | undefined)?.[locator.name];
  const id = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(id)) return undefined;
  if (locator.by === 'class') return id;
  return (await one(db, OWNER_OF[locator.by](id)))?.contentsid;
}

/** A request made under a grant, once the dispatcher let it through: the member it reads as, and the grant. */
export interface ViewAsRequest {
  member: Member;
  viewAs: { staff: string; contentsid: number; auditid: number };
}

/**
 * Decides a request that carries a grant (`X-View-As`). Refused unless the operation is a member read the yaml marks
 * `x-view-as` (every write, and every read it does not mark: 403), the bearer token is a staff member of
 * VIEW_AS_ROLES now (401 without one), the grant is this server's, unexpired and that staff member's, the request's
 * class is the grant's, and the member has not left. Then the request reads as that member.
 */
export async function viewAsRequest(
  db: Db,
  locator: ClassLocator | undefined,
  text: string,
  bearer: Member | undefined,
  request: Record<'path' | 'query' | 'body', unknown>,
): Promise<ViewAsRequest> {
  if (!locator) throw new Failure(403, VIEW_AS_REFUSALS.readOnly);
  if (!bearer) throw new Failure(401, '로그인 후 이용해주세요.');
  const staff = await staffOf(db, bearer.useruid);
  if (!staff || !VIEW_AS_ROLES.includes(staff.role)) throw new Failure(403, VIEW_AS_REFUSALS.role);
  const grant = readGrant(text);
  if (!grant || grant.staff !== bearer.useruid) throw new Failure(403, VIEW_AS_REFUSALS.grant);
  if ((await classOfRequest(db, locator, request, grant)) !== grant.contentsid) throw new Failure(403, VIEW_AS_REFUSALS.otherClass);
  const member = await one(db, sql<Member>`select useruid, email from members where useruid = ${grant.member} and left_at is null`);
  if (!member) throw new Failure(403, VIEW_AS_REFUSALS.memberLeft);
  return { member: { useruid: member.useruid, email: member.email }, viewAs: { staff: staff.useruid, contentsid: grant.contentsid, auditid: grant.auditid } };
}

/** The member and class an opening names, checked; the member as the console may show them (masked). */
export async function viewAsTarget(db: Db, input: { email: string; contentsid: number; reason: string }) {
  const reason = input.reason.trim();
  if (reason.length < 2) fail(400, REASON_NEEDED);
  const member = await one(
    db,
    sql<{ useruid: string; email: string; name: string }>`select useruid, email, name from members
      where lower(email) = lower(${input.email.trim()}) and left_at is null`,
  );
  if (!member) return fail(404, NO_SUCH_MEMBER);
  const lecture = await one(db, sql<{ contentsid: number; title: string }>`select contentsid, title from lectures where contentsid = ${input.contentsid}`);
  if (!lecture) return fail(404, NO_SUCH_CLASS);
  return { reason, lecture, member: { useruid: member.useruid, email: maskEmail(member.email), name: maskName(member.name) } };
}
