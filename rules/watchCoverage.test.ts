import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  FASTEST_RATE,
  FIRST_REPORT_AGE_MS,
  IDLE_LIMIT_MS,
  NO_COVERAGE,
  PLAYBACK_RATES,
  SLACK_SEC,
  addSpan,
  coveredSeconds,
  isCovered,
  judgeReport,
  reportTime,
  type Coverage,
  type MemberClock,
  type Span,
} from './watchCoverage';

const T0 = Date.parse('2026-11-25T10:00:00Z');

/** A report as the server meets it: the player's position and stamp, judged on arrival at server time `now`. */
interface Arrival {
  position: number;
  claimed?: number;
  now: number;
}

function judgeAll(arrivals: Arrival[], duration: number, start: Coverage = NO_COVERAGE, playStartedAt?: number): Coverage {
  return arrivals.reduce(
    (c, a) => judgeReport(c, { position: a.position, at: reportTime(a.claimed, a.now, c.anchor, playStartedAt) }, duration, a.now),
    start,
  );
}

/** An honest player: plays from `from` at `rate`, reporting every `beat` s, each stamped when its position was read. */
function honest(rate: number, beatSec: number, from: number, to: number, begin = T0, lagMs = 0): Arrival[] {
  const out: Arrival[] = [];
  for (let t = 0; ; t += beatSec) {
    const at = from + rate * t;
    const position = Math.floor(Math.min(at, to));
    // The stamp is taken just after the position is read (`lagMs` later), as the reporter does.
    const claimed = begin + t * 1000 + lagMs;
    out.push({ position, claimed, now: claimed + 40 });
    if (at >= to) break;
  }
  return out;
}

describe('watch coverage: honest watching counts', () => {
  it('heartbeats every 5 s at every speed the player offers cover what was played and complete the video', () => {
    for (const rate of PLAYBACK_RATES) {
      const c = judgeAll(honest(rate, 5, 0, 633), 633);
      expect(coveredSeconds(c.spans, 633), `at ${rate}×`).toBe(633);
      expect(isCovered(c.spans, 633)).toBe(true);
    }
  });

  it('any beat from 1 to 60 s, any starting second and a few ms between reading and stamping: nothing is lost', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PLAYBACK_RATES),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 500 }),
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        fc.integer({ min: 0, max: 50 }),
        (rate, beat, start, fraction, lagMs) => {
          const duration = 633;
          const c = judgeAll(honest(rate, beat, start + fraction, duration, T0, lagMs), duration);
          // Positions are whole seconds: the first report's second is where coverage starts.
          expect(coveredSeconds(c.spans, duration)).toBe(duration - Math.floor(start + fraction));
        },
      ),
    );
  });

  it('reports queued offline and sent later, with their own stamps, count exactly as if they had arrived on time', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PLAYBACK_RATES),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: IDLE_LIMIT_MS / 1000 }),
        fc.integer({ min: 0, max: 7 * 86_400_000 }),
        (rate, onTimeBeats, playedOffline, stalled) => {
          // On-time beats, then the network goes: the player plays on what it has buffered for `playedOffline` s
          // (its reports wait in the queue), stalls, and `stalled` ms later the network is back: the queue goes out
          // in order and the player plays on to the end.
          const before = honest(rate, 5, 100, 633).slice(0, onTimeBeats);
          const cut = before.at(-1)!;
          const from = cut.position + 0.5;
          const offline = honest(rate, 5, from, Math.min(633, from + rate * playedOffline), cut.claimed! + 5_000).slice(0, -1);
          const back = (offline.at(-1)?.claimed ?? cut.claimed!) + stalled;
          const queued = offline.map((b) => ({ ...b, now: back }));
          const stop = offline.at(-1)?.position ?? cut.position;
          const after = honest(rate, 5, stop, 633, back + 100);
          const replayed = judgeAll([...before, ...queued, ...after], 633);
          const onTime = judgeAll([...before, ...offline, ...after], 633);
          expect(coveredSeconds(replayed.spans, 633)).toBe(coveredSeconds(onTime.spans, 633));
          expect(coveredSeconds(replayed.spans, 633)).toBe(633 - 100);
        },
      ),
    );
  });

  it('reports queued from the very first second count when the server saw playback start', () => {
    // The network went as the video started: nothing reached the server but the player's claim of its playing place.
    const queued = honest(1, 5, 0, 60).map((b) => ({ ...b, now: T0 + 90_000 }));
    expect(coveredSeconds(judgeAll(queued, 633, NO_COVERAGE, T0).spans, 633)).toBe(60);
    // Without that claim the server has nothing to date them by: they move the anchor and count from its arrival.
    expect(coveredSeconds(judgeAll(queued, 633).spans, 633)).toBeLessThan(60);
  });

  it('a pause, a rewind and watching on again: the rewatched part is not counted twice, the rest is', () => {
    const c = judgeAll(
      [
        ...honest(1, 5, 0, 100),
        { position: 100, claimed: T0 + 400_000, now: T0 + 400_100 }, // paused for minutes, then played again
        { position: 40, claimed: T0 + 401_000, now: T0 + 401_100 }, // rewound
        ...honest(1, 5, 40, 200, T0 + 402_000),
      ],
      633,
    );
    expect(c.spans).toEqual([[0, 200]]);
  });
});

describe('watch coverage: what it refuses', () => {
  it('one report saying 633 of 633 on a video never played covers nothing', () => {
    const c = judgeAll([{ position: 633, claimed: T0, now: T0 }], 633);
    expect(coveredSeconds(c.spans, 633)).toBe(0);
    expect(isCovered(c.spans, 633)).toBe(false);
  });

  it('a position past the end is taken as the end', () => {
    const c = judgeAll([{ position: 10_000, now: T0 }], 633);
    expect(c.anchor?.position).toBe(633);
    expect(judgeAll([{ position: -5, now: T0 }], 633).anchor?.position).toBe(0);
  });

  it('a seek forward covers nothing, the watching after it does', () => {
    const c = judgeAll(
      [
        { position: 10, claimed: T0, now: T0 },
        { position: 20, claimed: T0 + 5_000, now: T0 + 5_000 },
        { position: 400, claimed: T0 + 6_000, now: T0 + 6_000 },
        { position: 410, claimed: T0 + 11_000, now: T0 + 11_000 },
      ],
      633,
    );
    expect(c.spans).toEqual([
      [10, 20],
      [400, 410],
    ]);
  });

  it('the beat taken on play arrives with the next one and still counts from when it was taken', () => {
    const c = judgeAll(
      [
        { position: 0, claimed: T0, now: T0 + 5_040 },
        { position: 10, claimed: T0 + 5_000, now: T0 + 5_050 },
      ],
      633,
    );
    expect(c.spans).toEqual([[0, 10]]);
  });

  it('the first report cannot be dated further back than a beat: a made-up history does not start in the past', () => {
    const c = judgeAll(
      [
        { position: 0, claimed: T0 - 3_600_000, now: T0 },
        { position: 633, claimed: T0, now: T0 },
      ],
      633,
    );
    expect(coveredSeconds(c.spans, 633)).toBe(0);
  });

  it('a time in the future, or before the previous report, buys no time', () => {
    const first = judgeAll([{ position: 0, now: T0 }], 633);
    const future = judgeAll([{ position: 100, claimed: T0 + 60_000, now: T0 + 1_000 }], 633, first);
    expect(coveredSeconds(future.spans, 633)).toBe(0);
    const backwards = judgeAll([{ position: 100, claimed: T0 - 60_000, now: T0 + 1_000 }], 633, first);
    expect(coveredSeconds(backwards.spans, 633)).toBe(0);
  });

  it('a doubled or replayed report adds nothing', () => {
    const beats = honest(2, 5, 0, 300);
    const once = judgeAll(beats, 633);
    const doubled = judgeAll(
      beats.flatMap((b) => [b, { ...b, now: b.now + 10 }]),
      633,
    );
    expect(doubled).toEqual(once);
    const replayedLater = judgeAll(beats.slice(-5).map((b) => ({ ...b, now: b.now + 60_000 })), 633, once);
    expect(replayedLater.spans).toEqual(once.spans);
  });

  it('many reports at one instant borrow the slack once, not once each', () => {
    const start = judgeAll([{ position: 0, now: T0 }], 633);
    const burst = Array.from({ length: 50 }, (_, i) => ({ position: (i + 1) * SLACK_SEC, claimed: T0, now: T0 }));
    expect(coveredSeconds(judgeAll(burst, 633, start).spans, 633)).toBeLessThanOrEqual(SLACK_SEC);
  });

  it('idle time buys at most the idle limit per report and the idle limit of made-up history', () => {
    // The member watched 10 s a week ago; every second claimed since then is as good as any other to the server.
    const weekAgo = judgeAll(honest(1, 5, 0, 10, T0 - 7 * 86_400_000), 633);
    const now = T0;
    const claims = Array.from({ length: 200 }, (_, i) => T0 - 7 * 86_400_000 + (i + 1) * 60_000);
    const forged = judgeAll(
      [...claims.map((claimed, i) => ({ position: 10 + (i + 1) * 120, claimed, now })), { position: 633, claimed: now, now }],
      633,
      weekAgo,
    );
    const limit = (2 * IDLE_LIMIT_MS * FASTEST_RATE) / 1000 + SLACK_SEC;
    expect(coveredSeconds(forged.spans, 633) - 10).toBeLessThanOrEqual(limit);
  });

  it('whatever the reports say, coverage never exceeds the fastest speed × the real time since the first report', () => {
    const arrival = fc.record({
      position: fc.integer({ min: -50, max: 700 }),
      claimedOffset: fc.option(fc.integer({ min: -86_400_000, max: 60_000 }), { nil: undefined }),
      wait: fc.integer({ min: 0, max: 30_000 }),
    });
    fc.assert(
      fc.property(fc.array(arrival, { minLength: 1, maxLength: 60 }), (list) => {
        let now = T0;
        const arrivals = list.map((a) => {
          now += a.wait;
          return { position: a.position, claimed: a.claimedOffset === undefined ? undefined : now + a.claimedOffset, now };
        });
        const c = judgeAll(arrivals, 633);
        // Real time since the server first heard of the video, less the age a first report may have.
        const real = now - arrivals[0]!.now + FIRST_REPORT_AGE_MS;
        expect(coveredSeconds(c.spans, 633)).toBeLessThanOrEqual((real / 1000) * FASTEST_RATE + SLACK_SEC);
      }),
    );
  });
});

describe('spans', () => {
  it('the covered length is the length of the union, whatever order the spans come in', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 120 }), fc.integer({ min: 1, max: 40 }))),
        fc.integer({ min: 1, max: 150 }),
        (pieces, duration) => {
          const spans = pieces.reduce<Span[]>((all, [from, length]) => addSpan(all, [from, from + length]), []);
          const seconds = new Set(pieces.flatMap(([from, length]) => Array.from({ length }, (_, i) => from + i)));
          expect(coveredSeconds(spans, duration)).toBe([...seconds].filter((s) => s < duration).length);
          for (let i = 1; i < spans.length; i++) expect(spans[i]![0]).toBeGreaterThan(spans[i - 1]![1]);
        },
      ),
    );
  });

  it('complete at 90 % of the length', () => {
    expect(isCovered([[0, 569]], 633)).toBe(false);
    expect(isCovered([[0, 570]], 633)).toBe(true);
    expect(isCovered([], 0)).toBe(false);
  });
});

describe('watch coverage: one allowance per member across videos (issue 41, hole 2)', () => {
  /** Reports of several videos, in arrival order, judged with the member's one clock. */
  function judgeMember(arrivals: (Arrival & { video: number })[], duration: number) {
    const videos = new Map<number, Coverage>();
    let member: MemberClock | null = null;
    for (const a of arrivals) {
      const c = videos.get(a.video) ?? NO_COVERAGE;
      const after = judgeReport(c, { position: a.position, at: reportTime(a.claimed, a.now, c.anchor) }, duration, a.now, member);
      member = after.member;
      videos.set(a.video, after);
    }
    return [...videos.values()].reduce((sum, c) => sum + coveredSeconds(c.spans, duration), 0);
  }

  it('one player watching two videos one after the other keeps everything it watched', () => {
    const first = honest(FASTEST_RATE, 5, 0, 100).map((a) => ({ ...a, video: 1 }));
    const last = first.at(-1)!.claimed!;
    const second = honest(FASTEST_RATE, 5, 0, 100, last + 3_000).map((a) => ({ ...a, video: 2 }));
    expect(judgeMember([...first, ...second], 600)).toBe(200);
  });

  it('any number of videos played side by side earn at most real time × the fastest speed, plus the slack', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 6 }), fc.integer({ min: 1, max: 10 }), (n, beatSec) => {
        const streams = Array.from({ length: n }, (_, v) => honest(FASTEST_RATE, beatSec, 0, 120).map((a) => ({ ...a, video: v })));
        const interleaved = streams[0]!.flatMap((_, i) => streams.map((s) => s[i]!));
        const seconds = (streams[0]!.at(-1)!.claimed! - T0) / 1000;
        expect(judgeMember(interleaved, 600)).toBeLessThanOrEqual(seconds * FASTEST_RATE + SLACK_SEC);
      }),
    );
  });
});
