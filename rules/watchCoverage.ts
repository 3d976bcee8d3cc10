/**
 * Watch coverage the server can believe (issue 23). The player's progress reports are heartbeats of a playing
 * video; from them the server keeps, per member and video, the spans of the video actually watched. A report's
 * advance from the previous one counts only as far as the time between them allows at the fastest speed the player
 * offers; a jump (a seek, or a forged "633 of 633") moves the anchor without covering anything. The video is
 * complete at COMPLETE_SHARE of its length covered. Pure: the reference backend applies it, the player's speeds
 * come from here.
 */

/** The speeds the player's menu offers (src/features/player/VideoStage.tsx). The fastest bounds every advance. */
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export const FASTEST_RATE: number = Math.max(...PLAYBACK_RATES);

/**
 * Seconds of video an advance may exceed elapsed time × FASTEST_RATE by. Positions are whole seconds (the
 * contract's `watchedtime`), so an honest advance at 2× reads up to 1 s more than 2 × elapsed; the rest is the gap
 * between reading the position and stamping the time, measured at 2× in Chromium (docs/decisions.md). It is an
 * overdraft, not a gift per report: what an advance borrows is owed until elapsed time pays it back.
 */
export const SLACK_SEC = 2;

/**
 * The longest time one report may spend (ms), and how long after the last report that arrived on time a late
 * (queued offline) report may have been made and still count. Longer than any honest gap between heartbeats while
 * playing (a hidden tab's timers may fire once a minute); it bounds what idle time can buy: at most this much per
 * report, and this much of made-up history after the last on-time report.
 */
export const IDLE_LIMIT_MS = 120_000;

/** Share of the video's length that must be covered for it to count as complete. */
export const COMPLETE_SHARE = 0.9;

/** [from, to] in whole seconds of the video, from < to. */
export type Span = readonly [number, number];

/** The last accepted report. */
export interface Anchor {
  /** Second of the video it was at. */
  position: number;
  /** When it was made (ms since epoch), as judged by reportTime. */
  at: number;
  /** Seconds of advance borrowed beyond elapsed × FASTEST_RATE, paid back by the time that passes. */
  owed: number;
  /** When the last report that arrived on time was made (ms): late reports count only within IDLE_LIMIT_MS of it. */
  onTimeAt: number;
}

export interface Coverage {
  /** Disjoint, sorted, merged when they touch. */
  spans: Span[];
  anchor: Anchor | null;
}

export const NO_COVERAGE: Coverage = { spans: [], anchor: null };

/**
 * How far before its arrival the first report of a video may say it was made (ms). The player sends the beat it takes
 * on play together with the next one, up to one beat (5 s) later; a made-up history can start no earlier than this.
 */
export const FIRST_REPORT_AGE_MS = 10_000;

/**
 * When a report was made, as the rule takes it: the report's own time (`claimed`, what the player stamped) when it is
 * a real time not in the future, else the server's (`now`). A later report's time before the previous report's is
 * taken as the previous report's (it adds no time). The first report of a video cannot be dated before the server
 * itself saw playback start (`playStartedAt`: the player claimed its playing place for this video then) nor more than
 * FIRST_REPORT_AGE_MS before it arrived, whichever allows more: a made-up history cannot start a video in the past,
 * and reports queued offline from the first second still count.
 */
export function reportTime(claimed: number | undefined, now: number, anchor: Anchor | null, playStartedAt?: number): number {
  const made = claimed !== undefined && Number.isFinite(claimed) && claimed <= now ? claimed : now;
  if (anchor) return Math.max(made, anchor.at);
  return Math.max(made, Math.min(now - FIRST_REPORT_AGE_MS, playStartedAt ?? Infinity));
}

/** A report: the video's second the player was at, and when (from reportTime). */
export interface Report {
  position: number;
  at: number;
}

/**
 * The member's clock across all their videos (issue 41, hole 2). The rule per video bounds one player; a script that
 * heartbeats four videos side by side earned four times real time. Every covering advance is charged here as well,
 * against the time since the member's last report of any video × FASTEST_RATE, with the same overdraft: a member's
 * coverage, over every video and tab together, grows no faster than one player at the fastest speed. One player
 * honestly watching, one video after another, is charged exactly what its video's anchor allows.
 */
export interface MemberClock {
  /** When the member's latest report of any video was made (ms), as reportTime judged it. */
  at: number;
  /** Seconds of advance borrowed beyond elapsed × FASTEST_RATE, over all videos. */
  owed: number;
}

/** Seconds of advance `elapsedMs` allows at the fastest speed, an idle gap counting at most IDLE_LIMIT_MS. */
const allowedFor = (elapsedMs: number) => (Math.min(Math.max(elapsedMs, 0), IDLE_LIMIT_MS) / 1000) * FASTEST_RATE;

/**
 * The coverage after one report on a video `duration` seconds long, judged at server time `now`, and the member's
 * clock after it (`member`: null before the member's first report since the clock was kept).
 */
export function judgeReport(
  coverage: Coverage,
  report: Report,
  duration: number,
  now: number,
  member: MemberClock | null = null,
): Coverage & { member: MemberClock } {
  const position = Math.min(Math.max(Math.round(report.position), 0), Math.max(duration, 0));
  const anchor = coverage.anchor;
  const memberAllowed = member ? allowedFor(report.at - member.at) : Infinity;
  const memberAfter = (advance: number): MemberClock => ({
    at: Math.max(member?.at ?? report.at, report.at),
    owed: member ? Math.max(0, member.owed + advance - memberAllowed) : 0,
  });
  if (!anchor)
    return { spans: coverage.spans, anchor: { position, at: report.at, owed: 0, onTimeAt: report.at }, member: memberAfter(0) };
  const onTime = report.at >= now - IDLE_LIMIT_MS;
  // A late report made long after the last on-time one is history nobody can vouch for: it moves, never covers.
  const counts = onTime || report.at <= anchor.onTimeAt + IDLE_LIMIT_MS;
  const allowed = allowedFor(report.at - anchor.at);
  const advance = position - anchor.position;
  const covers =
    counts &&
    advance > 0 &&
    advance <= allowed + SLACK_SEC - anchor.owed &&
    advance <= memberAllowed + SLACK_SEC - (member?.owed ?? 0);
  return {
    spans: covers ? addSpan(coverage.spans, [anchor.position, position]) : coverage.spans,
    anchor: {
      position,
      at: report.at,
      owed: Math.max(0, anchor.owed + (covers ? advance : 0) - allowed),
      onTimeAt: onTime ? report.at : anchor.onTimeAt,
    },
    member: memberAfter(covers ? advance : 0),
  };
}

/** The spans with `span` added: sorted, and merged with every span it overlaps or touches. */
export function addSpan(spans: readonly Span[], span: Span): Span[] {
  let [from, to] = span;
  const out: Span[] = [];
  for (const s of spans) {
    if (s[1] < from || s[0] > to) out.push(s);
    else {
      from = Math.min(from, s[0]);
      to = Math.max(to, s[1]);
    }
  }
  out.push([from, to]);
  return out.sort((a, b) => a[0] - b[0]);
}

/** Seconds of the video covered: the length of the union of the spans within [0, duration]. */
export function coveredSeconds(spans: readonly Span[], duration: number): number {
  return spans.reduce((sum, [from, to]) => sum + Math.max(0, Math.min(to, duration) - Math.max(from, 0)), 0);
}

export function isCovered(spans: readonly Span[], duration: number): boolean {
  return duration > 0 && coveredSeconds(spans, duration) >= duration * COMPLETE_SHARE;
}
