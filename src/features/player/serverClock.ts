/**
 * The server's clock as this browser last saw it, for stamping watch reports (`reportedat`, issue 23). The server
 * takes a report's stamp only when it is not in the future and counts a late one only within minutes, so a device
 * clock that is off by minutes would lose coverage: each progress answer says the server's time (`updatedate`, whole
 * seconds), and the stamp follows it.
 *
 * Each answer bounds the difference between the two clocks (the server read its time between sending and receiving).
 * While the device's own clock fits every bound it is used as it is: whole seconds would only add noise to the time
 * between two stamps. Once it does not, stamps take the largest lower bound: never ahead of the server's clock, and
 * only ever moving forward, which makes the time between two stamps longer, never shorter.
 */
export function createServerClock(now: () => number = Date.now) {
  let low = -Infinity;
  let high = Infinity;
  return {
    /** The server's time now, as well as the answers so far tell. */
    now: () => now() + (low <= 0 && high >= 0 ? 0 : low),
    /**
     * One answer: `serverTime` (whole seconds, truncated) was read on the server between `sentAt` and `receivedAt`
     * of this device's clock.
     */
    learn(serverTime: string, sentAt: number, receivedAt: number): void {
      const server = Date.parse(serverTime);
      if (!Number.isFinite(server)) return;
      const lo = server - receivedAt;
      const hi = server + 1000 - sentAt;
      // An answer outside the bounds so far: the device's clock was set (or jumped); start again from this answer.
      if (lo > high || hi < low) [low, high] = [lo, hi];
      else [low, high] = [Math.max(low, lo), Math.min(high, hi)];
    },
  };
}

/** The player's one clock. */
export const serverClock = createServerClock();
