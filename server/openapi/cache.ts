import { createHash } from 'node:crypto';
import type { OperationSpec } from './spec';
import type { CacheTags } from './cacheTags';

/**
 * In-memory cache of hot public catalogue reads: the exact response bytes, served again by the dispatcher and by
 * the request fast path in front of Hono (server/http/fastpath.ts). Each entry is tagged with what it read (tables, or
 * one key of a table: `ratings`, `videos:101`) and each write names what it touched (server/openapi/cacheTags.ts): a write
 * drops only the entries that read it, an operation that names nothing clears everything. Bounded by entries and
 * bytes, least recently used first out. It only saves work: every read meets its budget without it (issue 16).
 */
export interface CacheLimits {
  entries: number;
  bytes: number;
}
const DEFAULT_LIMITS: CacheLimits = { entries: 500, bytes: 32 * 1024 * 1024 };
/** Keys written since the last fold are remembered one by one up to this many, then folded into one mark. */
const MAX_KEY_MARKS = 10_000;

export interface CachedResponse {
  /** The serialised JSON envelope, byte for byte what the normal path sent when it filled the entry. */
  body: Buffer;
  /** Strong validator of those bytes. */
  etag: string;
}

interface Entry extends CachedResponse {
  tags: readonly string[];
}

const tableOf = (tag: string) => {
  const i = tag.indexOf(':');
  return i < 0 ? tag : tag.slice(0, i);
};

export class HotCache {
  /** Insertion order is recency: a hit moves its entry to the end, eviction takes from the front. */
  private readonly map = new Map<string, Entry>();
  /** Entry keys by the tables their tags name, so a write looks only at its readers. */
  private readonly readers = new Map<string, Set<string>>();
  private bytes = 0;
  /** The write counter: `mark()` before a read, compared with the marks below when the read stores its answer. */
  private seq = 0;
  private clearedAt = 0;
  /** Last write touching any row of a table (what a whole-table reader depends on). */
  private readonly tableWrittenAt = new Map<string, number>();
  /** Last write naming a whole table (what every reader of that table depends on). */
  private readonly wholeWrittenAt = new Map<string, number>();
  /** Last write of one key (`videos:101`); folded into `foldedAt` when it grows past MAX_KEY_MARKS. */
  private readonly keyWrittenAt = new Map<string, number>();
  private foldedAt = 0;

  constructor(
    /** What each operation reads and writes (the handlers' declarations). */
    readonly tags: CacheTags,
    private readonly limits: CacheLimits = DEFAULT_LIMITS,
  ) {}

  isCacheable(operationId: string): boolean {
    return this.tags.isCacheable(operationId);
  }
  /** Taken when a read starts; `set` refuses to store its answer if a write it depends on came after. */
  mark(): number {
    return this.seq;
  }
  get(key: string): CachedResponse | undefined {
    const e = this.map.get(key);
    if (e) {
      this.map.delete(key);
      this.map.set(key, e);
    }
    return e;
  }
  /** Stores the body under `key`, tagged with what it read, unless one of those was written since `mark`. */
  set(key: string, json: string, mark: number, tags: readonly string[]): CachedResponse {
    const entry: Entry = { body: Buffer.from(json), etag: etagOf(json), tags };
    if (this.writtenSince(mark, tags) || entry.body.length > this.limits.bytes) return entry;
    this.drop(key);
    this.map.set(key, entry);
    this.bytes += entry.body.length;
    for (const t of tags) {
      const table = tableOf(t);
      let keys = this.readers.get(table);
      if (!keys) this.readers.set(table, (keys = new Set()));
      keys.add(key);
    }
    while (this.map.size > this.limits.entries || this.bytes > this.limits.bytes) {
      this.drop(this.map.keys().next().value!);
    }
    return entry;
  }
  /**
   * Told of each of this instance's writes, to pass on to the other instances (server/db/writeBus.ts); the write's
   * answer waits for it, so the next read through another instance no longer finds what the write changed.
   */
  onWrite: ((touched: readonly string[] | 'all') => Promise<void>) | undefined;

  /** After a write: drops the entries that read what it touched; `all` (an unnamed write) clears everything. */
  invalidate(touched: readonly string[] | 'all'): Promise<void> | undefined {
    this.forget(touched);
    return touched === 'all' || touched.length ? this.onWrite?.(touched) : undefined;
  }

  /** A write made through another instance: the same drop, not passed on again. */
  forget(touched: readonly string[] | 'all'): void {
    this.seq++;
    if (touched === 'all') return this.clear();
    for (const t of touched) {
      const table = tableOf(t);
      const whole = t === table;
      this.tableWrittenAt.set(table, this.seq);
      if (whole) this.wholeWrittenAt.set(table, this.seq);
      else this.keyWrittenAt.set(t, this.seq);
      for (const key of [...(this.readers.get(table) ?? [])]) {
        const tags = this.map.get(key)?.tags ?? [];
        // A whole-table write reaches every reader of the table; a keyed one, whole-table readers and that key's.
        if (whole || tags.includes(table) || tags.includes(t)) this.drop(key);
      }
    }
    if (this.keyWrittenAt.size > MAX_KEY_MARKS) {
      this.keyWrittenAt.clear();
      this.foldedAt = this.seq;
    }
  }
  clear(): void {
    this.clearedAt = ++this.seq;
    this.map.clear();
    this.readers.clear();
    this.bytes = 0;
  }
  get size(): number {
    return this.map.size;
  }

  private writtenSince(mark: number, tags: readonly string[]): boolean {
    if (this.clearedAt > mark) return true;
    return tags.some((t) => {
      const table = tableOf(t);
      if (t === table) return (this.tableWrittenAt.get(table) ?? 0) > mark;
      return Math.max(this.wholeWrittenAt.get(table) ?? 0, this.keyWrittenAt.get(t) ?? this.foldedAt) > mark;
    });
  }
  private drop(key: string): void {
    const e = this.map.get(key);
    if (!e) return;
    this.map.delete(key);
    this.bytes -= e.body.length;
    for (const t of e.tags) this.readers.get(tableOf(t))?.delete(key);
  }
}

export function etagOf(json: string): string {
  return `"${createHash('sha1').update(json).digest('base64url').slice(0, 22)}"`;
}

/** The headers of every JSON answer of a cacheable operation, on both paths. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** True when an If-None-Match header names this entity tag (or `*`). */
export function matchesEtag(ifNoneMatch: string | undefined | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/**
 * The cache key: method, path, canonical query (sorted name=value pairs), the operation's header
 * parameters (the category call's application id/key, so an answer is never handed to a request
 * validation would refuse) and the canonical JSON body (keys sorted). Built from the request as
 * received, before validation fills defaults in. The dispatcher and the fast path share it.
 */
export function cacheKey(op: OperationSpec, method: string, pathname: string, search: string, header: (name: string) => string | undefined, body: unknown): string {
  let query = '';
  if (search.length > 1) {
    const pairs = [...new URLSearchParams(search)];
    pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    query = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  }
  let headers = '';
  for (const p of op.parameters) if (p.in === 'header') headers += `${header(p.name.toLowerCase()) ?? ''}\u0000`;
  return `${method.toUpperCase()} ${pathname}?${query}\u0001${headers}\u0001${body === undefined ? '' : canonicalJson(body)}`;
}

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` share one entry. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
}
