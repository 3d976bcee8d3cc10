import { recordAudit } from '../domain/audit';
import { changeEnrolment } from '../domain/enrolmentChanges';
import { importEnrolments } from '../domain/enrolmentImport';
import { enrolmentsOf, memberRecord } from '../domain/memberRecord';
import { memberPage } from '../domain/memberSearch';
import { accessPage, recordPersonalDataAccess } from '../domain/personalDataAccess';
import { signGrant, viewAsTarget } from '../domain/viewAs';
import { fail } from '../lib/failure';
import { iso, kst } from '../lib/time';
import { ok, type Handlers } from '../openapi/typed';
import { uncachedRead, writes, type CacheTable } from '../openapi/cacheTags';

/** A reason as kept: trimmed, and never blank. */
const reasonOf = (reason: string, blank = '사유를 적어주세요.') => reason.trim() || fail(400, blank);

const OUTCOME_SAID = {
  granted: '수강을 부여했습니다.',
  changed: '수강 기간을 바꿨습니다.',
  revoked: '수강을 취소했습니다.',
  unchanged: '바뀐 내용이 없습니다.',
} as const;

/**
 * The console's members area (issue 39; the roles are checked by the dispatcher): the masked search, a member's whole
 * record opened with a reason and recorded, enrolments granted, moved or revoked one by one or from a CSV, the
 * personal-data access record, and 회원 화면으로 보기.
 */
export const adminMembers = {
  async listAdminMembers({ s, body }) {
    return ok(await memberPage(s.db, body));
  },
  /** The record's line is written in the transaction that reads the record: no reading without it. */
  async openAdminMember(ctx) {
    const reason = reasonOf(ctx.body.reason, '열람 사유를 적어주세요.');
    return ctx.s.db.transaction().execute(async (tx) => {
      const record = await memberRecord(tx, ctx.params.useruid);
      await recordPersonalDataAccess(tx, ctx, { kind: 'open', member: ctx.params.useruid, reason });
      return ok(record);
    });
  },
  async changeAdminEnrolment(ctx) {
    const reason = reasonOf(ctx.body.reason);
    const { useruid } = ctx.params;
    return ctx.s.db.transaction().execute(async (tx) => {
      const outcome = await changeEnrolment(tx, ctx, { ...ctx.body, useruid, reason });
      const [enrolment] = await enrolmentsOf(tx, useruid, ctx.body.contentsid);
      return ok({ outcome, enrolment: enrolment! }, OUTCOME_SAID[outcome]);
    });
  },
  async importAdminEnrolments(ctx) {
    const reason = reasonOf(ctx.body.reason);
    return ctx.s.db.transaction().execute(async (tx) => ok(await importEnrolments(tx, ctx, { ...ctx.body, reason })));
  },
  async listAdminPersonalDataAccess({ s, body }) {
    return ok(await accessPage(s.db, body));
  },
  /**
   * One opening: the audit entry (who, whom, which class, why, the request id) and the grant naming it, together. The
   * member's own session is never touched: the grant is only ever good beside the staff member's own token.
   */
  async openAdminViewAs(ctx) {
    const staff = ctx.staff!;
    const opened = await ctx.s.db.transaction().execute(async (tx) => {
      const { reason, lecture, member } = await viewAsTarget(tx, ctx.body);
      const auditid = await recordAudit(tx, ctx, {
        operation: 'openAdminViewAs',
        objectType: 'member',
        objectId: member.useruid,
        after: { email: member.email, contentsid: lecture.contentsid, title: lecture.title, reason },
      });
      const grant = signGrant({ auditid, staff: staff.useruid, member: member.useruid, contentsid: lecture.contentsid });
      return { grant, lecture, member };
    });
    return ok({
      grant: opened.grant.text,
      expiresat: iso(kst(new Date(opened.grant.expires * 1000))),
      contentsid: opened.lecture.contentsid,
      title: opened.lecture.title,
      member: opened.member,
    });
  },
} satisfies Partial<Handlers>;

export const adminMembersCache = {
  listAdminMembers: uncachedRead,
  openAdminMember: writes(['personal_data_access']),
  changeAdminEnrolment: writes(['enrollments', 'audit_log']),
  importAdminEnrolments: writes(['enrollments', 'audit_log']),
  listAdminPersonalDataAccess: uncachedRead,
  openAdminViewAs: writes(['audit_log']),
} satisfies CacheTable<typeof adminMembers>;
