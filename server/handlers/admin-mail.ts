import { recordAudit } from '../domain/audit';
import { mailById, mailPage, resendMail, type MailListRow } from '../domain/mailOutbox';
import { maskEmail } from '../domain/privacy';
import { fail } from '../lib/failure';
import { iso, isoOrNull } from '../lib/time';
import { ok, type Handlers } from '../openapi/typed';
import { uncachedRead, writes, type CacheTable } from '../openapi/cacheTags';

const NO_MAIL = '메일을 찾을 수 없습니다.';
const NOT_FAILED = '실패한 메일만 다시 보낼 수 있습니다.';

const toAdminMail = (r: MailListRow) => ({
  mailid: r.mailid,
  kind: r.kind,
  state: r.state,
  attempts: r.attempts,
  error: r.error,
  recipient: r.email ? maskEmail(r.email) : '',
  createdat: iso(r.created_at),
  sentat: isoOrNull(r.sent_at),
  updatedat: iso(r.updated_at),
});

/** The store's mails as the owner and operators see them (issue 40): what went, what keeps failing, 다시 보내기. */
export const adminMail = {
  async listAdminMails({ s, body }) {
    const { rows, nextBefore } = await mailPage(s.db, body);
    return ok({ list: rows.map(toAdminMail), nextBefore });
  },
  async resendAdminMail(ctx) {
    const { mailid } = ctx.params;
    return ctx.s.db.transaction().execute(async (tx) => {
      const before = await mailById(tx, mailid);
      if (!before) return fail(404, NO_MAIL);
      // Only a failed mail: a doubled press finds it pending and sends nothing twice.
      if (!(await resendMail(tx, mailid))) return fail(409, NOT_FAILED);
      await recordAudit(tx, ctx, {
        operation: 'resendAdminMail',
        objectType: 'mail',
        objectId: mailid,
        before: { state: before.state, error: before.error, kind: before.kind },
        after: { state: 'pending' },
      });
      return ok(toAdminMail((await mailById(tx, mailid))!), '메일을 다시 보냅니다.');
    });
  },
} satisfies Partial<Handlers>;

export const adminMailCache = {
  listAdminMails: uncachedRead,
  resendAdminMail: writes(['mail_outbox', 'audit_log']),
} satisfies CacheTable<typeof adminMail>;
