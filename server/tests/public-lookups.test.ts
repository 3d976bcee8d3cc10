import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLIENT, signInAs, testServer, type TestServer } from '../testing';

/**
 * Guessable lookups are throttled per client (issue 23, finding 10: 60 wrong certificate numbers went through in
 * under 0.1 s). 10 lookups a minute per client; the 11th is a 429 with Retry-After. The client is the address the
 * server sees: the test's second client connects from 127.0.0.2 (loopback is a /8 on Linux).
 */
let s: TestServer;
beforeAll(async () => {
  s = await testServer();
}, 60_000);
afterAll(() => s?.close());
afterEach(() => vi.useRealTimers());

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: any;
}

function lookup(path: string, from = '127.0.0.1', headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, s.url), { headers: { ...CLIENT, ...headers }, localAddress: from }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, json: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const WRONG = (i: number) => `/api/Certificate/Verify/KPRA-${String(i).padStart(10, '0')}`;

describe('the public certificate check', () => {
  it('answers 10 lookups a minute per client, refuses the 11th with 429 and Retry-After; another client is unaffected', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T10:00:00+09:00'));
    const answers: Answer[] = [];
    for (let i = 1; i <= 10; i++) answers.push(await lookup(WRONG(i)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(404));

    vi.setSystemTime(new Date('2026-11-25T10:00:20+09:00'));
    const refused = await lookup(WRONG(11));
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('40');
    expect(refused.json).toEqual({
      success: false,
      respMessage: '수료증 확인 요청이 너무 많습니다. 40초 후에 다시 시도해주세요.',
    });
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    expect(refused.headers['content-security-policy']).toContain("frame-ancestors 'none'");

    const other = await lookup(WRONG(12), '127.0.0.2');
    expect(other.status).toBe(404);
    expect(other.json.respMessage).toBe('확인할 수 없는 수료증 번호입니다. 번호를 다시 확인해주세요.');

    // A proxy header names no one: the address the server sees decides.
    expect((await lookup(WRONG(13), '127.0.0.1', { 'X-Forwarded-For': '198.51.100.9' })).status).toBe(429);

    // A minute after the first lookup, the client may look up again.
    vi.setSystemTime(new Date('2026-11-25T10:01:00+09:00'));
    expect((await lookup(WRONG(14))).status).toBe(404);
  });
});

describe('the coupon lookup', () => {
  it('uses the same limit per client and per member: the 11th lookup in a minute is a 429 with Retry-After', async () => {
    const auth = { Authorization: `Bearer ${s.token}` };
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await lookup(`/api/Coupon/GetCouponInfo/GUESS${i}`, '127.0.0.3', auth)).status);
    expect(statuses).toEqual(Array(10).fill(404));
    const refused = await lookup('/api/Coupon/GetCouponInfo/WELCOME5000', '127.0.0.3', auth);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.json.respMessage).toMatch(/^쿠폰 조회 요청이 너무 많습니다\. \d+초 후에 다시 시도해주세요\.$/);
    // The same member from another address keeps its spent allowance (issue 41); another member there has its own.
    expect((await lookup('/api/Coupon/GetCouponInfo/WELCOME5000', '127.0.0.4', auth)).status).toBe(429);
    const another = { Authorization: `Bearer ${await signInAs(s, 'new@demo.kr')}` };
    expect((await lookup('/api/Coupon/GetCouponInfo/WELCOME5000', '127.0.0.4', another)).status).toBe(200);
  });
});
