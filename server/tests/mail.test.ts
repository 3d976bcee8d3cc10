import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buyWithTestCard, mailsOnTheirWay, signInAs, testServer, type TestServer } from '../testing';
import { startMailCatcher, type CaughtMail, type MailCatcher } from '../local/mailCatcher';
import { remindersOffLink } from '../domain/mailReminders';
import { BUSINESS } from '../../rules/business';
import { REFUND_POLICY } from '../../rules/refund';
import { kst } from '../lib/time';
import type { Db } from '../db/database';
// Engine parity: also run on PGlite in CI (scripts/test-all.sh): the mail outage of a sole PGlite instance.

/**
 * Mail (issue 40) over the real wire: the store's nodemailer sender, through the job queue's mail worker, to the SMTP
 * stand-in (smtp-server + mailparser), every mail read back as the member's mail server received it.
 */
let s: TestServer;
let catcher: MailCatcher;
const ME = 'u-demo-1';
const STORE = 'https://store.example';
// The queue looks for due jobs every 0.2 s instead of every second: each mail and each try is seen sooner.
const QUICK_POLL = { pollingIntervalSeconds: 0.2 };

beforeAll(async () => {
  catcher = await startMailCatcher();
  s = await testServer({ jobs: true, jobQueue: QUICK_POLL, mail: { smtpUrl: catcher.url, storeUrl: STORE, from: '"필라테스재활협회" <no-reply@pilates-rehab.example>' } });
}, 60_000);
afterAll(async () => {
  await s?.close();
  await catcher?.stop();
});

const until = async <T>(what: string, get: () => Promise<T | undefined> | T | undefined, ms = 20_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};
const mailsTo = (address: string, subject: RegExp) => catcher.mails().filter((m) => m.envelopeTo.includes(address) && subject.test(m.subject));
const outbox = async (key: string) =>
  (await sql<{ state: string; attempts: number; error: string | null }>`select state, attempts, error from mail_outbox where event_key = ${key}`.execute(s.db)).rows[0];
/** A mail's job as the queue holds it: its state, its failed tries, its limit, and the seconds until its next try. */
interface MailJob {
  id: string;
  state: string;
  retry_count: number;
  retry_limit: number;
  wait: number;
}
const jobOf = async (db: Db, key: string) =>
  (
    await sql<MailJob>`select j.id, j.state::text as state, j.retry_count, j.retry_limit, extract(epoch from j.start_after - now())::float8 as wait
      from pgboss.job j join mail_outbox m on (j.data->>'mailid')::int = m.mailid
      where j.name = 'mail-send' and m.event_key = ${key} order by j.created_on desc limit 1`.execute(db)
  ).rows[0];
/**
 * The queue's clock moved on to the next try of a job waiting out its backoff (one job, or every mail job): the try runs
 * as it would when its time came, without the test waiting for it.
 */
const retryNow = (db: Db, id?: string) =>
  sql`update pgboss.job set start_after = now() where name = 'mail-send' and state = 'retry' and (${id ?? null}::uuid is null or id = ${id ?? null}::uuid)`.execute(db);
const settled = async () => {
  // Every mail the outbox holds has been tried, and the queue holds no mail job that waits or runs: no copy is on its way.
  await until('the outbox settled', async () => {
    await s.mail!.sweep();
    await retryNow(s.db);
    return (await mailsOnTheirWay(s.db)) === 0;
  });
};

describe('a paid order', () => {
  let mail: CaughtMail;
  let paymentid = 0;
  it('sends exactly one confirmation with the 13조 contents, however often the payment is confirmed again', async () => {
    const bought = await buyWithTestCard(s, ME, [104]);
    paymentid = bought.paymentid;
    await s.mail!.sweep();
    mail = await until('the confirmation', () => mailsTo('member@demo.kr', new RegExp(`주문 완료 안내`)).find((m) => m.text.includes(`주문 번호: ${paymentid}`)));
    // The member's return from the payment window, replayed.
    const again = await s.call('POST', '/api/Payment/UpdatePaid/', { body: { paymentid, pgtid: bought.pgtid, amount: bought.paidamount } });
    expect(again.json.respMessage).toBe('이미 결제가 완료된 주문입니다.');
    await settled();
    expect(catcher.mails().filter((m) => m.text.includes(`주문 번호: ${paymentid}`))).toHaveLength(1);
    expect(await outbox(`payment-confirmed:${paymentid}`)).toMatchObject({ state: 'sent', attempts: 1, error: null });
  });

  it('carries the seller, the price, the period, the withdrawal terms and the refund rule, in HTML and in text', async () => {
    const order = (await s.call('GET', `/api/Payment/GetInfo/${paymentid}/0`)).json.datas;
    const title = (await s.call('POST', '/api/Contents/GetOrderLectures/', { body: { contentsids: [104] } })).json.datas[0].title as string;
    expect(mail.from).toContain('no-reply@pilates-rehab.example');
    expect(mail.envelopeTo).toEqual(['member@demo.kr']);
    expect(mail.subject).toBe(`[${BUSINESS.company}] 주문 완료 안내 - ${order.title}`);
    const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(BUSINESS.company);
      expect(part).toContain(BUSINESS.representative);
      expect(part).toContain(BUSINESS.businessNo);
      expect(part).toContain(BUSINESS.mailOrderNo);
      expect(part).toContain(BUSINESS.address);
      expect(part).toContain(BUSINESS.phone);
      expect(part).toContain(title);
      expect(part).toContain(won(order.paidamount));
      expect(part).toContain('수강 기간');
      expect(part).toContain('청약철회 기한');
      expect(part).toContain(REFUND_POLICY.lines[0]);
      expect(part).toContain(`${STORE}/mypayment?paymentid=${paymentid}`);
    }
    expect(mail.text).toContain('결제 수단: 신용카드 (일시불)');
    expect(mail.html).toMatch(/max-width:600px/);
  });

  it('has a stable Message-ID and idempotency key of its own event', async () => {
    expect(mail.messageId).toMatch(/^<[0-9a-f]{32}@pilates-rehab\.example>$/);
    expect(mail.headers['x-idempotency-key']).toMatch(/^[0-9a-f]{64}$/);
    // No reminder's switch-off on an order's mail: it is always sent.
    expect(mail.headers['list-unsubscribe']).toBeUndefined();
  });

  it('a refund sends one refund mail with its amount and method', async () => {
    const r = await s.call('POST', '/api/Payment/RequestRefund/', { body: { paymentid, reason: '단순 변심' } });
    expect(r.status).toBe(200);
    const refunded = r.json.datas.refundedamount ?? r.json.datas.amount;
    await s.mail!.sweep();
    const refundMail = await until('the refund mail', () => mailsTo('member@demo.kr', /환불완료 안내|부분환불 안내/).find((m) => m.text.includes(`주문 번호: ${paymentid}`)));
    expect(refundMail.text).toContain(`환불 금액: ${Number(refunded).toLocaleString('ko-KR')}원`);
    expect(refundMail.text).toContain('환불 수단: 결제하신 수단 (신용카드)');
    await settled();
    expect(mailsTo('member@demo.kr', /환불/).filter((m) => m.text.includes(`주문 번호: ${paymentid}`))).toHaveLength(1);
  });
});

describe('when the mail server is down', () => {
  it('keeps the mail and sends it once when the server is back', async () => {
    await catcher.stop();
    try {
      const { paymentid } = await buyWithTestCard(s, ME, [105]);
      await s.mail!.sweep();
      const tried = await until('a failed try', async () => {
        const row = await outbox(`payment-confirmed:${paymentid}`);
        return row && row.attempts >= 1 && row.error ? row : undefined;
      });
      expect(tried.state).toBe('pending');
      const waiting = await until('the retry', async () => {
        const job = await jobOf(s.db, `payment-confirmed:${paymentid}`);
        return job?.state === 'retry' ? job : undefined;
      });
      expect(waiting.retry_count).toBeLessThan(waiting.retry_limit);
      await catcher.start();
      await retryNow(s.db, waiting.id);
      await until('the mail after the outage', () => catcher.mails().find((m) => m.text.includes(`주문 번호: ${paymentid}`)), 30_000);
      await settled();
      expect(catcher.mails().filter((m) => m.text.includes(`주문 번호: ${paymentid}`))).toHaveLength(1);
      expect(await outbox(`payment-confirmed:${paymentid}`)).toMatchObject({ state: 'sent', error: null });
    } finally {
      await catcher.start().catch(() => undefined);
    }
  }, 60_000);
});

// The case: the relay down a whole minute, under the queue's own retry rule (QUEUES in server/jobs/queue.ts).
// The minute passes on the queue's clock: each backoff the queue chose after a failed try is counted into the outage
// and its next try moved to now, so the test sees the tries a real minute sees without waiting it out (it did: 80-134 s).
describe('when the mail server is down for a minute', () => {
  it('keeps trying through the minute, then sends the mail once', async () => {
    const relay = await startMailCatcher();
    const server = await testServer({ jobs: true, jobQueue: QUICK_POLL, mail: { smtpUrl: relay.url, storeUrl: STORE, from: '"필라테스재활협회" <no-reply@pilates-rehab.example>' } });
    const row = async (key: string) =>
      (await sql<{ state: string; attempts: number; error: string | null }>`select state, attempts, error from mail_outbox where event_key = ${key}`.execute(server.db)).rows[0];
    try {
      await relay.stop();
      const down = Date.now();
      const { paymentid } = await buyWithTestCard(server, ME, [105]);
      await server.mail!.sweep();
      const key = `payment-confirmed:${paymentid}`;
      let skipped = 0;
      let failed = 0;
      let job: MailJob;
      for (;;) {
        // The next failed try, and the wait the queue set before the one after it (pg-boss counts a retry as it takes it:
        // a job waiting for its retry has failed retry_count + 1 times).
        job = await until(`try ${failed + 1}`, async () => {
          const j = await jobOf(server.db, key);
          return j?.state === 'retry' && j.retry_count + 1 > failed ? j : undefined;
        });
        failed = job.retry_count + 1;
        const outage = (Date.now() - down) / 1000 + skipped;
        if (outage + job.wait >= 60) break;
        skipped += Math.max(0, job.wait);
        await retryNow(server.db, job.id);
      }
      const during = await row(key);
      expect(during).toMatchObject({ state: 'pending', attempts: failed });
      expect(during!.error).toMatch(/ECONNREFUSED/);
      // Tried again and again while it was down, with tries left.
      expect(during!.attempts).toBeGreaterThanOrEqual(4);
      expect(job.retry_count).toBeLessThan(job.retry_limit);
      // The relay is back before the next try's time, and the queue's clock reaches it.
      await relay.start();
      await retryNow(server.db, job.id);
      const ours = () => relay.mails().filter((m) => m.text.includes(`주문 번호: ${paymentid}`));
      await until('the mail after the minute', () => ours()[0]);
      // The job done and the mail recorded sent: nothing is left to send it again.
      await until('the job completed', async () => ((await jobOf(server.db, key))?.state === 'completed' ? true : undefined));
      expect(ours()).toHaveLength(1);
      expect(await row(key)).toMatchObject({ state: 'sent', error: null, attempts: failed + 1 });
    } finally {
      await server.close();
      await relay.stop();
    }
  }, 60_000);
});

describe('bad input', () => {
  const other = 'u-demo-2';
  const setMember = (fields: { email?: string; name?: string }) =>
    sql`update members set email = coalesce(${fields.email ?? null}, email), name = coalesce(${fields.name ?? null}, name) where useruid = ${other}`.execute(s.db);
  const queueFor = async (key: string) => {
    await sql`insert into mail_outbox (event_key, kind, useruid, data, created_at, updated_at)
      values (${key}, 'certificate-issued', ${other}, ${JSON.stringify({ certificateno: 'KPRA-TEST', contentsid: 104, title: '시험 강의', issuedAt: kst() })}, ${kst()}, ${kst()})`.execute(s.db);
    await s.mail!.sweep();
  };
  let address = '';
  beforeAll(async () => {
    address = (await sql<{ email: string }>`select email from members where useruid = ${other}`.execute(s.db)).rows[0]!.email;
  });
  afterAll(() => setMember({ email: address, name: '데모회원' }));

  it('a member without an e-mail address is skipped, and the reason kept', async () => {
    await setMember({ email: '' });
    await queueFor('certificate-issued:no-address');
    const row = await until('skipped', async () => ((await outbox('certificate-issued:no-address'))?.state === 'skipped' ? outbox('certificate-issued:no-address') : undefined));
    expect(row).toMatchObject({ state: 'skipped', error: 'the member has no e-mail address' });
  });

  it('an address the mail server refuses is kept as failed, without retries, and 다시 보내기 sends it once fixed', async () => {
    await setMember({ email: 'nobody@nowhere.invalid' });
    await queueFor('certificate-issued:refused');
    const row = await until('failed', async () => ((await outbox('certificate-issued:refused'))?.state === 'failed' ? outbox('certificate-issued:refused') : undefined));
    expect(row!.attempts).toBe(1);
    expect(row!.error).toMatch(/550|rejected/i);
    await setMember({ email: 'fixed@demo.kr' });
    const id = (await sql<{ mailid: number }>`select mailid from mail_outbox where event_key = 'certificate-issued:refused'`.execute(s.db)).rows[0]!.mailid;
    // The console shows it failed, with the mail server's reason, to the owner and operators only.
    const operator = { Authorization: `Bearer ${await signInAs(s, 'staff@demo.kr')}` };
    const listed = await s.call('POST', '/api/Admin/Mails/List', { body: { limit: 20, state: 'failed' }, headers: operator, auth: false });
    expect(listed.json.datas.list.find((m: { mailid: number }) => m.mailid === id)).toMatchObject({ kind: 'certificate-issued', state: 'failed', attempts: 1 });
    for (const who of ['member@demo.kr', 'teacher@demo.kr']) {
      const headers = { Authorization: `Bearer ${await signInAs(s, who)}` };
      expect((await s.call('POST', '/api/Admin/Mails/List', { body: { limit: 20 }, headers, auth: false })).status).toBe(403);
      expect((await s.call('POST', `/api/Admin/Mails/${id}/Resend`, { headers, auth: false })).status).toBe(403);
    }
    expect((await outbox('certificate-issued:refused'))!.state).toBe('failed');
    const resend = () => s.call('POST', `/api/Admin/Mails/${id}/Resend`, { headers: operator, auth: false });
    const [first, second] = await Promise.all([resend(), resend()]);
    expect([first.status, second.status].sort()).toEqual([200, 409]); // a doubled press sends once
    expect((await s.call('POST', '/api/Admin/Mails/999999/Resend', { headers: operator, auth: false })).status).toBe(404);
    await s.mail!.sweep();
    await until('the resent mail', () => mailsTo('fixed@demo.kr', /수료증 발급 안내/)[0]);
    await settled();
    expect(mailsTo('fixed@demo.kr', /수료증 발급 안내/)).toHaveLength(1);
  });

  it('a name with line breaks cannot add a header or a recipient', async () => {
    await setMember({ email: 'victim@demo.kr', name: '홍길동\r\nBcc: thief@attacker.example\r\nSubject: 공짜' });
    await queueFor('certificate-issued:injection');
    const m = await until('the mail', () => mailsTo('victim@demo.kr', /수료증 발급 안내/)[0]);
    expect(m.envelopeTo).toEqual(['victim@demo.kr']);
    expect(m.headers.bcc).toBeUndefined();
    expect(m.subject).toBe(`[${BUSINESS.company}] 수료증 발급 안내 - 시험 강의`);
    expect(catcher.mails().some((x) => x.envelopeTo.includes('thief@attacker.example'))).toBe(false);
  });
});

describe('access-ending reminders', () => {
  const enrolment = async () =>
    (await sql<{ contentsid: number; end_at: string }>`select contentsid, end_at from enrollments where useruid = ${ME}
      and end_at > ${kst(new Date(Date.now() + 8 * 86_400_000))} and end_at::timestamp - start_at::timestamp > interval '7 days'
      order by end_at limit 1`.execute(s.db)).rows[0]!;

  it('on a clock moved to a week before the end, sends one reminder per enrolment however often the job runs', async () => {
    const e = await enrolment();
    const sixDaysBefore = new Date(Date.parse(`${e.end_at.replace(' ', 'T')}+09:00`) - 6 * 86_400_000);
    expect(await s.mail!.remind(new Date(sixDaysBefore.getTime() - 86_400_000 * 2))).toBe(0); // eight days before: not yet
    expect(await s.mail!.remind(sixDaysBefore)).toBeGreaterThanOrEqual(1);
    expect(await s.mail!.remind(new Date(sixDaysBefore.getTime() + 3_600_000))).toBe(0);
    const key = `access-ending:${ME}:${e.contentsid}:${e.end_at}`;
    await until('the reminder', async () => ((await outbox(key))?.state === 'sent' ? true : undefined));
    const m = catcher.mails().filter((x) => x.envelopeTo.includes('member@demo.kr') && /수강 기간 종료 안내/.test(x.subject));
    expect(m.length).toBeGreaterThanOrEqual(1);
    const link = m[0]!.headers['list-unsubscribe'];
    expect(link).toContain(`${STORE}/mail/reminders-off?u=${ME}`);
    expect(m[0]!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });

  it('회원정보 switches reminders off and on; a member switched off gets none', async () => {
    expect((await s.call('GET', '/api/Member/MailSettings')).json.datas).toEqual({ reminders: true });
    const off = await s.call('POST', '/api/Member/MailSettings', { body: { reminders: false } });
    expect(off.json).toMatchObject({ success: true, datas: { reminders: false } });
    expect((await s.call('GET', '/api/Member/MailSettings')).json.datas).toEqual({ reminders: false });
    const e = await enrolment();
    const at = new Date(Date.parse(`${e.end_at.replace(' ', 'T')}+09:00`) - 3 * 86_400_000);
    const before = (await sql<{ n: number }>`select count(*)::int as n from mail_outbox where kind = 'access-ending' and useruid = ${ME}`.execute(s.db)).rows[0]!.n;
    await s.mail!.remind(at);
    expect((await sql<{ n: number }>`select count(*)::int as n from mail_outbox where kind = 'access-ending' and useruid = ${ME}`.execute(s.db)).rows[0]!.n).toBe(before);
    await s.call('POST', '/api/Member/MailSettings', { body: { reminders: true } });
    expect((await s.call('GET', '/api/Member/MailSettings', { auth: false })).status).toBe(401);
  });

  it('the switch-off link works signed out; a tampered, another member’s or an expired link is refused', async () => {
    const path = (url: string) => url.slice(STORE.length);
    const good = path(remindersOffLink(STORE, ME));
    const page = await fetch(s.url + good);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('수신 거부');
    expect((await sql<{ on: boolean }>`select mail_reminders as on from members where useruid = ${ME}`.execute(s.db)).rows[0]!.on).toBe(true);
    const refused = async (url: string) => {
      const r = await fetch(s.url + url, { method: 'POST' });
      expect(r.status).toBe(400);
      expect(await r.text()).toContain('유효기간이 지났습니다');
    };
    await refused(good.replace(/signature=[^&]+/, 'signature=AAAA'));
    await refused(good.replace(`u=${ME}`, 'u=u-demo-2'));
    await refused(path(remindersOffLink(STORE, ME, Date.now() - 61 * 86_400_000)));
    expect((await sql<{ on: boolean }>`select mail_reminders as on from members where useruid = ${ME}`.execute(s.db)).rows[0]!.on).toBe(true);
    const off = await fetch(s.url + good, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(off.status).toBe(200);
    expect(await off.text()).toContain('수신 거부되었습니다');
    expect((await sql<{ on: boolean }>`select mail_reminders as on from members where useruid = ${ME}`.execute(s.db)).rows[0]!.on).toBe(false);
    await sql`update members set mail_reminders = true where useruid = ${ME}`.execute(s.db);
  });
});
