import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { freshDatabaseUrl, testServer, type TestServer } from '../testing';
import { startMailCatcher, type MailCatcher } from '../local/mailCatcher';
import { smtpTransport } from '../mail/transport';
import { renderMail } from '../mail/templates';
import { kst } from '../lib/time';

/**
 * The mail outbox across processes (issue 40): several senders on one database send each mail once, and a sender that
 * dies between sending and recording costs at most one more copy, with the same Message-ID.
 */
let catcher: MailCatcher;
beforeAll(async () => {
  catcher = await startMailCatcher();
});
afterAll(() => catcher?.stop());

const FROM = '"필라테스재활협회" <no-reply@pilates-rehab.example>';
const facts = (n: number) => ({ certificateno: `KPRA-INST${n}`, contentsid: 104, title: `강의 ${n}`, issuedAt: kst() });
async function queue(s: TestServer, tag: string, n: number) {
  for (let i = 0; i < n; i++)
    await sql`insert into mail_outbox (event_key, kind, useruid, data, created_at, updated_at)
      values (${`certificate-issued:${tag}-${i}`}, 'certificate-issued', 'u-demo-1', ${JSON.stringify(facts(i))}, ${kst()}, ${kst()})`.execute(s.db);
}
const until = async (what: string, ok: () => Promise<boolean> | boolean, ms = 30_000) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};
const pending = async (s: TestServer) =>
  (await sql<{ n: number }>`select count(*)::int as n from mail_outbox where state = 'pending'`.execute(s.db)).rows[0]!.n;

describe.runIf(process.env.DATABASE_URL)('two instances sending from one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const databaseUrl = await freshDatabaseUrl(process.env.DATABASE_URL!);
    const mail = { smtpUrl: catcher.url, from: FROM };
    a = await testServer({ databaseUrl, jobs: true, mail });
    b = await testServer({ databaseUrl, jobs: true, mail });
  }, 90_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('each mail is sent once, whichever instance swept it', async () => {
    await queue(a, 'both', 12);
    await Promise.all([a.mail!.sweep(), b.mail!.sweep(), a.mail!.sweep(), b.mail!.sweep()]);
    await until('every mail sent', async () => (await pending(a)) === 0);
    await new Promise((r) => setTimeout(r, 1_500));
    const sent = catcher.mails().filter((m) => /KPRA-INST\d+/.test(m.text) && m.envelopeTo.includes('member@demo.kr'));
    const numbers = sent.map((m) => /KPRA-INST(\d+)/.exec(m.text)![1]);
    expect(numbers.sort((x, y) => Number(x) - Number(y))).toEqual(Array.from({ length: 12 }, (_, i) => String(i)));
  }, 60_000);
});

describe('a sender that died between sending and recording', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await testServer({ jobs: true, mail: { smtpUrl: catcher.url, from: FROM } });
  }, 60_000);
  afterAll(() => s?.close());

  it('its mail goes once more, with the same Message-ID and idempotency key, and is then recorded sent', async () => {
    await sql`insert into mail_outbox (event_key, kind, useruid, data, created_at, updated_at)
      values ('certificate-issued:died', 'certificate-issued', 'u-demo-1', ${JSON.stringify({ ...facts(99), certificateno: 'KPRA-DIED' })}, ${kst()}, ${kst()})`.execute(s.db);
    // What the dead sender did: took the mail (its lease, now run out) and sent it, with the store's real sender, then
    // died before writing `sent`; its queue job was lost with it.
    const row = (await sql<{ data: string }>`update mail_outbox set attempts = 1, queued_at = ${kst(new Date(Date.now() - 3_600_000))},
      lease_until = ${kst(new Date(Date.now() - 1_000))} where event_key = 'certificate-issued:died' returning data`.execute(s.db)).rows[0]!;
    const transport = await smtpTransport(catcher.url, FROM);
    await transport.send({ ...renderMail('certificate-issued', JSON.parse(row.data), { storeUrl: 'http://store', name: '김필라' })!, to: 'member@demo.kr', toName: '김필라', eventKey: 'certificate-issued:died' });
    transport.close();
    await s.mail!.sweep();
    await until('recorded sent', async () =>
      (await sql<{ state: string }>`select state from mail_outbox where event_key = 'certificate-issued:died'`.execute(s.db)).rows[0]!.state === 'sent');
    const both = catcher.mails().filter((m) => m.text.includes('KPRA-DIED'));
    expect(both).toHaveLength(2);
    expect(both[1]!.messageId).toBe(both[0]!.messageId);
    expect(both[1]!.headers['x-idempotency-key']).toBe(both[0]!.headers['x-idempotency-key']);
    await s.mail!.sweep();
    await new Promise((r) => setTimeout(r, 1_500));
    expect(catcher.mails().filter((m) => m.text.includes('KPRA-DIED'))).toHaveLength(2);
  });

  it('a mail whose sender is still in its lease is sent once the lease runs out, not left for the requeue', async () => {
    // Another worker holds it: taken 1 try ago, its lease running 3 s more (a worker killed mid-send, seen from here).
    await sql`insert into mail_outbox (event_key, kind, useruid, data, attempts, lease_until, created_at, updated_at)
      values ('certificate-issued:held', 'certificate-issued', 'u-demo-1', ${JSON.stringify({ ...facts(98), certificateno: 'KPRA-HELD' })},
        1, ${kst(new Date(Date.now() + 3_000))}, ${kst()}, ${kst()})`.execute(s.db);
    await s.mail!.sweep();
    await until(
      'sent after the lease',
      async () => (await sql<{ state: string }>`select state from mail_outbox where event_key = 'certificate-issued:held'`.execute(s.db)).rows[0]!.state === 'sent',
      40_000,
    );
    expect(catcher.mails().filter((m) => m.text.includes('KPRA-HELD'))).toHaveLength(1);
  }, 60_000);
});
