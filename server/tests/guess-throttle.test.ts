import { request } from 'node:http';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT, testServer, type TestServer } from '../testing';

/**
 * Issue 41, hole 4: while the coupon lookup answered 429, Payment/Save and Coupon/Update still told a real coupon number
 * from a made-up one (409 against 404 '쿠폰을 찾을 수 없습니다.'), and the certificate check had an allowance of its own.
 * Every answer that tells whether a guessed number exists now counts against one allowance per client and per member;
 * past it, each answers the lookup's 429 whatever the number. Each test speaks from its own loopback address (Linux
 * routes all of 127/8 to lo), so the address the server sees is the test's client; Date is faked, so no test waits.
 */
let s: TestServer;
let other: string;
let lecture: { contentsid: number; saleprice: number };
let certificateno: string;
beforeAll(async () => {
  s = await testServer();
  const r = await s.call('POST', '/local/auth/sign-in', { body: { email: 'new@demo.kr', remember: false }, auth: false });
  other = r.json.datas.accessToken;
  lecture = (
    await sql<{ contentsid: number; saleprice: number }>`select contentsid, saleprice from lectures
      where saleprice >= 10000 and contentsid not in (select contentsid from enrollments) order by contentsid limit 1`.execute(s.db)
  ).rows[0]!;
  // The demo's certificate of 102 (member@demo.kr passed its quiz), as the member's certificate page issues it.
  certificateno = 'KPRA-4GUESS41HX';
  await sql`insert into certificates (certificateno, useruid, contentsid, issued_at)
    values (${certificateno}, 'u-demo-1', 102, '2026-11-20 10:00:00')`.execute(s.db);
}, 60_000);
afterAll(() => s?.close());
/** Each test starts 5 minutes after the last one began, with every allowance whole again. */
let start = new Date('2026-11-28T09:55:00+09:00').getTime();
const at = (seconds: number) => vi.setSystemTime(start + seconds * 1000);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  start += 5 * 60_000;
  at(0);
});
afterEach(() => vi.useRealTimers());

interface Answer {
  status: number;
  retryAfter: string | undefined;
  json: any;
}

function send(method: string, path: string, from: string, token?: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { ...CLIENT };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, s.url), { method, headers, localAddress: from }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] as string | undefined, json: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const lookup = (code: string, from: string, token = s.token) => send('GET', `/api/Coupon/GetCouponInfo/${code}`, from, token);
/** Payment/Save of one lecture with a 5,000 won coupon, as the payment page sends it. */
const payWith = (couponnumber: string | null, from: string, useruid = 'u-demo-1', token = s.token) =>
  send('POST', '/api/Payment/Save/', from, token, {
    useruid,
    contentsids: [lecture.contentsid],
    title: '',
    amount: lecture.saleprice,
    pointused: 0,
    couponnumber,
    coupondiscount: couponnumber ? 5000 : 0,
    paidamount: lecture.saleprice - (couponnumber ? 5000 : 0),
    paymethod: 'card',
  });
const confirm = (paymentid: number, couponnumber: string, from: string) =>
  send('POST', '/api/Coupon/Update/', from, s.token, { useruid: 'u-demo-1', paymentid, couponnumber });
const verify = (number: string, from: string) => send('GET', `/api/Certificate/Verify/${number}`, from);

const THROTTLED = /^쿠폰 조회 요청이 너무 많습니다\. \d+초 후에 다시 시도해주세요\.$/;

describe('one allowance for every coupon number oracle', () => {
  it('once the lookup answers 429, Payment/Save and Coupon/Update answer the same 429 for a real and a made-up number', async () => {
    // An order without a coupon is not a guess: it is never throttled, and its id is what Coupon/Update names.
    const order = await payWith(null, '127.0.0.11');
    expect(order.status).toBe(200);
    const paymentid: number = order.json.datas.paymentid;

    for (let i = 0; i < 10; i++) expect((await lookup(`GUESS${i}`, '127.0.0.11')).status).toBe(404);
    at(20);
    const refused = await lookup('WELCOME5000', '127.0.0.11');
    expect(refused.status).toBe(429);
    expect(refused.json.respMessage).toMatch(THROTTLED);

    const answers = [
      await payWith('WELCOME5000', '127.0.0.11'),
      await payWith('MADEUP9999', '127.0.0.11'),
      await confirm(paymentid, 'WELCOME5000', '127.0.0.11'),
      await confirm(paymentid, 'MADEUP9999', '127.0.0.11'),
    ];
    for (const a of answers) expect(a).toEqual(refused);
    expect(refused.retryAfter).toBe('40');
    expect(refused.json).toEqual({ success: false, respMessage: '쿠폰 조회 요청이 너무 많습니다. 40초 후에 다시 시도해주세요.' });

    // The member is the same member from another address (a phone's network, a VPN).
    expect(await payWith('WELCOME5000', '127.0.0.12')).toEqual(refused);
    expect(await payWith('MADEUP9999', '127.0.0.12')).toEqual(refused);
    // Another member on another address has an allowance of its own; paying without a coupon was never a guess.
    expect((await lookup('WELCOME5000', '127.0.0.13', other)).status).toBe(200);
    expect((await payWith(null, '127.0.0.11')).status).toBe(200);

    // A minute after the first guess, the member may look up again.
    at(60);
    expect((await lookup('WELCOME5000', '127.0.0.11')).status).toBe(200);
  });

  it('each Payment/Save or Coupon/Update naming a coupon counts: the 11th is refused, not answered', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await payWith(`GUESS${i}`, '127.0.0.14', 'u-demo-2', other)).status);
    expect(statuses).toEqual(Array(10).fill(404));
    const after = await payWith('WELCOME5000', '127.0.0.14', 'u-demo-2', other);
    expect(after.status).toBe(429);
    expect(after.json.respMessage).toMatch(THROTTLED);
  });

  it('under the allowance, "not yours" and "does not exist" get the same answer', async () => {
    // THANKS3000 is issued to member@demo.kr (u-demo-1): to new@demo.kr it is the same 404 as a made-up number.
    const notYours = await payWith('THANKS3000', '127.0.0.15', 'u-demo-2', other);
    const madeUp = await payWith('THANKS3001', '127.0.0.15', 'u-demo-2', other);
    expect(notYours).toEqual(madeUp);
    expect(madeUp).toEqual({ status: 404, retryAfter: undefined, json: { success: false, respMessage: '쿠폰을 찾을 수 없습니다.' } });

    // Coupon/Update of an order that used no coupon: a real coupon and a made-up number are both "not this order's".
    const order = await payWith(null, '127.0.0.16');
    const paymentid: number = order.json.datas.paymentid;
    const real = await confirm(paymentid, 'PILATES10', '127.0.0.16');
    const fake = await confirm(paymentid, 'PILATES11', '127.0.0.16');
    expect(real).toEqual(fake);
    expect(fake).toEqual({ status: 409, retryAfter: undefined, json: { success: false, respMessage: '이 주문에 적용된 쿠폰이 아닙니다.' } });
  });
});

describe('certificate number guessing', () => {
  it('counts against the same allowance: after coupon guesses, a real and a made-up number get the same 429', async () => {
    for (let i = 0; i < 10; i++) expect((await lookup(`GUESS${i}`, '127.0.0.17')).status).toBe(404);
    const real = await verify(certificateno, '127.0.0.17');
    const madeUp = await verify('KPRA-0000000000', '127.0.0.17');
    expect(real).toEqual(madeUp);
    expect(real.status).toBe(429);
    expect(real.json.respMessage).toMatch(/^수료증 확인 요청이 너무 많습니다\. \d+초 후에 다시 시도해주세요\.$/);
    // Another address still checks its numbers.
    expect((await verify(certificateno, '127.0.0.18')).status).toBe(200);
  });

  it('ten wrong numbers, then the real one is refused like any other; coupon lookups from there are refused too', async () => {
    for (let i = 1; i <= 10; i++) expect((await verify(`KPRA-${String(i).padStart(10, '0')}`, '127.0.0.19')).status).toBe(404);
    const real = await verify(certificateno, '127.0.0.19');
    expect(real.status).toBe(429);
    expect(real.json.respMessage).toBe('수료증 확인 요청이 너무 많습니다. 60초 후에 다시 시도해주세요.');
    const coupon = await lookup('WELCOME5000', '127.0.0.19', other);
    expect(coupon.status).toBe(429);
    expect(coupon.json.respMessage).toMatch(THROTTLED);
  });
});
