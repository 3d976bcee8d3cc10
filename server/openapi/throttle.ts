import { isIPv6 } from 'node:net';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { Failure } from '../lib/failure';

/**
 * Per-client limits on lookups a stranger could repeat at full speed to guess what exists (certificate
 * numbers, coupon numbers; issue 23, finding 10). A handler declares its limit beside itself with
 * `lookupLimit` and calls `throttle(ctx, LIMIT)` first; the excess is a 429 with `Retry-After` (seconds)
 * and a Korean message, declared on the operation in the yaml (TooManyRequests).
 *
 * The client is the connection's remote address as this server sees it (`Ctx.client`). No proxy header
 * is trusted: behind a reverse proxy every visitor shares the proxy's address, and a proxy that sets
 * X-Forwarded-For must be named before that header may be believed (issue 27). IPv6 clients count by
 * their /64, the block one subscriber is usually given, so rotating addresses within it gains nothing.
 *
 * The windows live in the database (`lookup_windows`, migration 021) on both back ends: instances on one PostgreSQL
 * share them, and PGlite runs the same SQL, so the path the tests take is the one production takes. Times are the
 * instance's clock: hosts keep NTP time, and a skew of a second moves a minute's window by a second.
 */
export interface LookupLimit {
  /** What is looked up, for the message: '수료증 확인'. */
  readonly what: string;
  /** The allowance the lookup counts against (its window's name); limits sharing one key share one allowance. */
  readonly key: string;
  /** Lookups a client may make within any `windowSeconds`. */
  readonly limit: number;
  readonly windowSeconds: number;
}

export const lookupLimit = (what: string, limit: number, windowSeconds = 60, key = what): LookupLimit => ({ what, key, limit, windowSeconds });

/**
 * One allowance for every answer that tells whether a guessed number exists (issue 41, hole 4): the coupon lookup,
 * paying with a coupon (Payment/Save), confirming it (Coupon/Update) and the public certificate check all count against
 * it, so while one of them answers 429 no other tells a real number from a made-up one. 10 a minute: a member applies a
 * coupon and pays with it in 3 or 4 calls, a holder checks one or two printed numbers; a guesser gets 14,400 a day.
 */
const GUESSES = 'guessable-number';
export const GUESSABLE = {
  coupon: lookupLimit('쿠폰 조회', 10, 60, GUESSES),
  certificate: lookupLimit('수료증 확인', 10, 60, GUESSES),
} as const;
/** The key a client counts under: an IPv4 address (IPv4-mapped IPv6 unwrapped), or an IPv6 address's /64. */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  // A trailing dotted IPv4 part is two groups; a zone (`%eth0`) names no other host.
  const plain = address.replace(/%.*$/, '').replace(/:\d+\.\d+\.\d+\.\d+$/, ':0:0');
  const [head = '', tail] = plain.split('::');
  const groups = (s: string | undefined) => (s ? s.split(':') : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const full = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${full
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** Expired windows are swept at most this often per process: one indexed delete, off the lookup's path. */
const SWEEP_EVERY_MS = 60_000;
const lastSweep = new WeakMap<Db, number>();

/**
 * Counts a lookup of `client` at `now` (ms) in the database, so every instance on one database shares the allowance
 * (issue 27): 0 when allowed, else the whole seconds until one is. A sliding log in one row per limit and client (at
 * most `limit` times): one upsert appends `now` to the times still inside the window, unless `limit` of them are. A
 * refused lookup is not logged, so the wait is exactly until the oldest logged one leaves; only a refusal reads again.
 * Concurrent lookups of one client queue on its row, so no two instances both take the last place.
 */
export async function takeLookup(db: Db, rule: LookupLimit, client: string, now: number): Promise<number> {
  const windowMs = rule.windowSeconds * 1000;
  const since = now - windowMs;
  const counted = await sql<{ n: number }>`insert into lookup_windows as w (rule, client, times, expires_at)
      values (${rule.key}, ${client}, array[${now}::bigint], ${now + windowMs})
    on conflict (rule, client) do update
      set times = array(select t from unnest(w.times) t where t > ${since} order by t) || ${now}::bigint,
        expires_at = ${now + windowMs}
      where (select count(*) from unnest(w.times) t where t > ${since}) < ${rule.limit}
    returning 1 as n`.execute(db);
  sweep(db, now);
  if (counted.rows.length) return 0;
  const oldest = await sql<{ wait: number }>`select greatest(1, ceil((min(t) + ${windowMs} - ${now}) / 1000.0))::int as wait
    from lookup_windows, unnest(times) t where rule = ${rule.key} and client = ${client} and t > ${since}`.execute(db);
  return oldest.rows[0]?.wait ?? rule.windowSeconds;
}

function sweep(db: Db, now: number): void {
  if (now - (lastSweep.get(db) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(db, now);
  sql`delete from lookup_windows where expires_at < ${now}`.execute(db).catch((e: Error) => {
    console.error(`[server] lookup windows: sweep failed (${e.message})`);
  });
}

/**
 * Refuses (429, `Retry-After`) a lookup over `rule` for this request's client or its signed-in member; counts it
 * otherwise. The member counts apart from the address, so a member who moves between addresses (a phone's network,
 * a VPN) keeps one allowance; the address counts apart from the member, so new accounts on one address gain nothing.
 */
export async function throttle(
  ctx: { s: { db: Db }; client: string; member?: { useruid: string } | undefined },
  rule: LookupLimit,
  now = Date.now(),
): Promise<void> {
  const byMember = ctx.member ? await takeLookup(ctx.s.db, rule, `member:${ctx.member.useruid}`, now) : 0;
  const wait = byMember || (await takeLookup(ctx.s.db, rule, clientKey(ctx.client), now));
  if (wait > 0) {
    throw new Failure(429, `${rule.what} 요청이 너무 많습니다. ${wait}초 후에 다시 시도해주세요.`, {
      'retry-after': String(wait),
    });
  }
}
