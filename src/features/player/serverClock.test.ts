import { describe, expect, it } from 'vitest';
import { createServerClock } from './serverClock';

const SERVER = Date.parse('2026-11-25T10:00:00.000Z');
const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString();

describe('the server clock the watch reports are stamped with', () => {
  it('a device five minutes behind stamps by the server’s time after one answer, never ahead of it', () => {
    let device = SERVER - 300_000;
    const clock = createServerClock(() => device);
    expect(clock.now()).toBe(device);
    // The server answered at 10:00:00.700 (it says 10:00:00), 30 ms after the device sent and 30 ms before the reply.
    clock.learn(iso(SERVER + 700), device + 670, device + 730);
    device += 730;
    const stamp = clock.now();
    expect(stamp).toBeLessThanOrEqual(SERVER + 730);
    expect(stamp).toBeGreaterThan(SERVER + 730 - 1_100);
    device += 5_000;
    expect(clock.now() - stamp).toBe(5_000);
  });

  it('answers only move the estimate forward, so the time between two stamps never shrinks', () => {
    // The device runs 2 s ahead of the server; each answer is read somewhere within its 40 ms round trip.
    let device = SERVER + 2_000;
    const clock = createServerClock(() => device);
    clock.learn(iso(device - 2_000), device - 20, device + 20);
    let last = clock.now();
    for (let i = 0; i < 50; i++) {
      const handled = device - 20 + ((i * 137) % 40);
      clock.learn(iso(handled - 2_000), device - 20, device + 20);
      device += 5_000;
      const stamp = clock.now();
      expect(stamp - last).toBeGreaterThanOrEqual(5_000);
      expect(stamp).toBeLessThanOrEqual(device - 2_000);
      last = stamp;
    }
  });

  it('a device in step with the server stamps by its own clock: whole seconds would only add noise', () => {
    let device = SERVER;
    const clock = createServerClock(() => device);
    for (let i = 0; i < 20; i++) {
      const handled = device + ((i * 137) % 40);
      clock.learn(iso(handled), device, device + 40);
      device += 5_000;
      expect(clock.now()).toBe(device);
    }
  });

  it('a device clock set back starts again from the next answer', () => {
    let device = SERVER;
    const clock = createServerClock(() => device);
    clock.learn(iso(SERVER), device, device + 10);
    device -= 3_600_000;
    clock.learn(iso(SERVER + 1_000), device + 1_000, device + 1_010);
    expect(Math.abs(clock.now() - (SERVER + 1_000))).toBeLessThan(1_100);
  });
});
