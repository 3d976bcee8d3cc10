import { isIPv6 } from 'node:net';
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
 */
export interface LookupLimit {
  /** What is looked up, for the message: '수료증 확인'. */
  readonly what: string;
  /** Lookups a client may make within any `windowSeconds`. */
  readonly limit: number;
  readonly windowSeconds: number;
}

export const lookupLimit = (what: string, limit: number, windowSeconds = 60): LookupLimit => ({ what, limit, windowSeconds });

/** Clients remembered per limit and server; beyond it the one unseen longest is forgotten (memory stays bounded). */
const MAX_CLIENTS = 10_000;

/**
 * The lookups of each client within the window, for one limit (a sliding log: at most `limit` times per
 * client). A refused lookup is not logged, so `Retry-After` is exactly when the oldest logged one leaves.
 */
export class ClientWindows {
  /** client → times (ms) of its counted lookups, oldest first; the map is in order of last use. */
  private readonly seen = new Map<string, number[]>();
  constructor(
    private readonly rule: LookupLimit,
    private readonly maxClients = MAX_CLIENTS,
  ) {}

  /** Counts a lookup of `client` at `now` (ms): 0 when allowed, else the whole seconds until one is. */
  take(client: string, now: number): number {
    const windowMs = this.rule.windowSeconds * 1000;
    const times = this.seen.get(client) ?? [];
    this.seen.delete(client);
    while (times.length && times[0]! <= now - windowMs) times.shift();
    this.seen.set(client, times);
    if (times.length >= this.rule.limit) return Math.max(1, Math.ceil((times[0]! + windowMs - now) / 1000));
    times.push(now);
    while (this.seen.size > this.maxClients) this.seen.delete(this.seen.keys().next().value!);
    return 0;
  }

  get clients(): number {
    return this.seen.size;
  }
}

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

// One set of windows per running app (its Services object), so each server, test servers included, starts fresh.
const windowsOf = new WeakMap<object, Map<LookupLimit, ClientWindows>>();

/** Refuses (429, `Retry-After`) a lookup over `rule` for this request's client; counts it otherwise. */
export function throttle(ctx: { s: object; client: string }, rule: LookupLimit, now = Date.now()): void {
  let windows = windowsOf.get(ctx.s);
  if (!windows) windowsOf.set(ctx.s, (windows = new Map()));
  let w = windows.get(rule);
  if (!w) windows.set(rule, (w = new ClientWindows(rule)));
  const wait = w.take(clientKey(ctx.client), now);
  if (wait > 0) {
    throw new Failure(429, `${rule.what} 요청이 너무 많습니다. ${wait}초 후에 다시 시도해주세요.`, {
      'retry-after': String(wait),
    });
  }
}
