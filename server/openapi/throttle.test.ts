import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { TEMPLATE_VARIABLE } from '../db/template';
import { Failure } from '../lib/failure';
import { clientKey, lookupLimit, takeLookup, throttle } from './throttle';

const TEN_A_MINUTE = lookupLimit('수료증 확인', 10);
const T0 = 1_800_000_000_000;

// The windows live in the database: one in-memory PGlite for the file, each test on its own limit or client.
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ memory: true, template: process.env[TEMPLATE_VARIABLE] });
  await migrate(database.db);
}, 60_000);
afterAll(() => database?.close());
const take = (rule: ReturnType<typeof lookupLimit>, client: string, now: number) => takeLookup(database.db, rule, client, now);

describe('the per-client lookup window (clock injected)', () => {
  it('allows the limit within a minute, refuses the next with the seconds until the oldest leaves', async () => {
    const rule = lookupLimit('a', 10);
    for (let i = 0; i < 10; i++) expect(await take(rule, '203.0.113.7', T0 + i * 1000)).toBe(0);
    expect(await take(rule, '203.0.113.7', T0 + 15_000)).toBe(45);
    expect(await take(rule, '203.0.113.7', T0 + 59_500)).toBe(1);
  });

  it('slides: each lookup leaves the window a minute after it was made', async () => {
    const rule = lookupLimit('b', 10);
    for (let i = 0; i < 10; i++) await take(rule, 'a', T0 + i * 1000);
    expect(await take(rule, 'a', T0 + 60_000)).toBe(0); // the first (T0) has left
    expect(await take(rule, 'a', T0 + 60_500)).toBeGreaterThan(0); // the second (T0 + 1 s) has not
    expect(await take(rule, 'a', T0 + 61_000)).toBe(0);
  });

  it('a refused lookup does not push the wait further out', async () => {
    const rule = lookupLimit('c', 10);
    for (let i = 0; i < 10; i++) await take(rule, 'a', T0);
    for (const s of [1, 30, 59]) expect(await take(rule, 'a', T0 + s * 1000)).toBe(60 - s);
    expect(await take(rule, 'a', T0 + 60_000)).toBe(0);
  });

  it('counts each client and each limit apart', async () => {
    const rule = lookupLimit('d', 10);
    for (let i = 0; i < 10; i++) await take(rule, 'a', T0);
    expect(await take(rule, 'a', T0)).toBeGreaterThan(0);
    expect(await take(rule, 'b', T0)).toBe(0);
    expect(await take(lookupLimit('e', 10), 'a', T0)).toBe(0);
  });

  it('lets exactly the limit through when the lookups arrive at once', async () => {
    const rule = lookupLimit('f', 10);
    const waits = await Promise.all(Array.from({ length: 25 }, () => take(rule, 'a', T0)));
    expect(waits.filter((w) => w === 0)).toHaveLength(10);
  });
});

describe('who a client is', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff::9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::203.0.113.7', '64:ff9b:0:0::/64'],
    ['', ''],
  ])('%s counts as %s', (address, key) => expect(clientKey(address)).toBe(key));
});

describe('throttle', () => {
  it('refuses with 429, a Korean message and Retry-After', async () => {
    const app = { db: database.db };
    for (let i = 0; i < 10; i++) await throttle({ s: app, client: '198.51.100.1' }, TEN_A_MINUTE, T0);
    const refusal: unknown = await throttle({ s: app, client: '198.51.100.1' }, TEN_A_MINUTE, T0 + 20_000).catch(
      (e: unknown) => e,
    );
    expect(refusal).toBeInstanceOf(Failure);
    expect(refusal).toMatchObject({ status: 429, headers: { 'retry-after': '40' } });
    expect((refusal as Failure).message).toBe('수료증 확인 요청이 너무 많습니다. 40초 후에 다시 시도해주세요.');
    // An IPv4-mapped spelling of the same address is the same client.
    await expect(throttle({ s: app, client: '::ffff:198.51.100.1' }, TEN_A_MINUTE, T0 + 20_000)).rejects.toThrow(Failure);
  });
});
