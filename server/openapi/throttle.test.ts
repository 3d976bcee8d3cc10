import { describe, expect, it } from 'vitest';
import { Failure } from '../lib/failure';
import { ClientWindows, clientKey, lookupLimit, throttle } from './throttle';

const TEN_A_MINUTE = lookupLimit('수료증 확인', 10);
const T0 = 1_800_000_000_000;

describe('the per-client lookup window (clock injected)', () => {
  it('allows the limit within a minute, refuses the next with the seconds until the oldest leaves', () => {
    const w = new ClientWindows(TEN_A_MINUTE);
    for (let i = 0; i < 10; i++) expect(w.take('203.0.113.7', T0 + i * 1000)).toBe(0);
    expect(w.take('203.0.113.7', T0 + 15_000)).toBe(45);
    expect(w.take('203.0.113.7', T0 + 59_500)).toBe(1);
  });

  it('slides: each lookup leaves the window a minute after it was made', () => {
    const w = new ClientWindows(TEN_A_MINUTE);
    for (let i = 0; i < 10; i++) w.take('a', T0 + i * 1000);
    expect(w.take('a', T0 + 60_000)).toBe(0); // the first (T0) has left
    expect(w.take('a', T0 + 60_500)).toBeGreaterThan(0); // the second (T0 + 1 s) has not
    expect(w.take('a', T0 + 61_000)).toBe(0);
  });

  it('a refused lookup does not push the wait further out', () => {
    const w = new ClientWindows(TEN_A_MINUTE);
    for (let i = 0; i < 10; i++) w.take('a', T0);
    for (let s = 1; s < 60; s++) expect(w.take('a', T0 + s * 1000)).toBe(60 - s);
    expect(w.take('a', T0 + 60_000)).toBe(0);
  });

  it('counts each client apart', () => {
    const w = new ClientWindows(TEN_A_MINUTE);
    for (let i = 0; i < 10; i++) w.take('a', T0);
    expect(w.take('a', T0)).toBeGreaterThan(0);
    expect(w.take('b', T0)).toBe(0);
  });

  it('remembers a bounded number of clients, forgetting the one unseen longest', () => {
    const w = new ClientWindows(lookupLimit('x', 1), 3);
    for (const c of ['a', 'b', 'c']) w.take(c, T0);
    expect(w.take('a', T0)).toBeGreaterThan(0); // refused, and now seen most recently
    w.take('d', T0); // over the bound: 'b' is forgotten
    expect(w.clients).toBe(3);
    expect(w.take('b', T0)).toBe(0); // a fresh start (and 'c' goes)
    expect(w.take('a', T0)).toBeGreaterThan(0); // still remembered
    for (let i = 0; i < 10_000; i++) w.take(`flood-${i}`, T0);
    expect(w.clients).toBe(3);
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
  it('refuses with 429, a Korean message and Retry-After, per running app', () => {
    const app = {};
    for (let i = 0; i < 10; i++) throttle({ s: app, client: '198.51.100.1' }, TEN_A_MINUTE, T0);
    let refusal: unknown;
    try {
      throttle({ s: app, client: '198.51.100.1' }, TEN_A_MINUTE, T0 + 20_000);
    } catch (e) {
      refusal = e;
    }
    expect(refusal).toBeInstanceOf(Failure);
    expect(refusal).toMatchObject({ status: 429, headers: { 'retry-after': '40' } });
    expect((refusal as Failure).message).toBe('수료증 확인 요청이 너무 많습니다. 40초 후에 다시 시도해주세요.');
    // Another app (a fresh server) keeps its own count.
    expect(() => throttle({ s: {}, client: '198.51.100.1' }, TEN_A_MINUTE, T0 + 20_000)).not.toThrow();
  });
});
