import { createHash } from 'node:crypto';
import type { OperationSpec } from './openapi/spec';

/**
 * In-memory cache of hot public catalogue reads: the exact response bytes, served again by the
 * dispatcher and by the request fast path in front of Hono (server/fastpath.ts). Any operation
 * that may write clears it, which is coarse but always correct: catalogue reads dominate, writes
 * are rare.
 */
const CACHEABLE = new Set([
  'getCategories', 'getOnlineLectures', 'getBanners', 'getRecentOnlineLectures', 'getPopularOnlineLectures',
  'getMainContents', 'getReviews', 'getFaqs', 'getSuggestTypes', 'getBranch', 'getStats', 'getTags',
  'getCurriculumSections', 'getCurriculumList', 'getSimilarOnlineLectures', 'getPublisherLectures', 'getOrderLectures',
]);
/**
 * Operations that only read (checked against their handlers): they leave the cache alone, so a
 * signed-in page that also loads the member's own data does not empty it on every visit. Every
 * other operation may write and clears it.
 */
const PURE_READS = new Set([
  'getNotices', 'getSuggests', 'getSuggestInfo', 'getFileUrl', 'downloadFile', 'getMedia', 'getRatings', 'getRatingStarInfo',
  'getQnaList', 'getPointSum', 'getPoints', 'getPaymentList', 'getPaymentInfo', 'getCouponInfo', 'getMyLectures', 'getMyClassInfo',
  'getUserInfo', 'getUserInfoWithUseruid', 'getLocalMembers', 'getOnlineDetail', 'getLectureVideos', 'getSectionVideos',
  'getContentsPdfList', 'getCompleteList', 'getLastWatchTime', 'getVideoSourceUrl', 'getProgressTabRecord', 'getTest',
  'isRetakeQuiz', 'existsPassScoreid', 'isCompleteTitle', 'checkUserPhone',
]);
const MAX_ENTRIES = 500;

export interface CachedResponse {
  /** The serialised JSON envelope, byte for byte what the normal path sent when it filled the entry. */
  body: Buffer;
  /** Strong validator of those bytes. */
  etag: string;
}

export class HotCache {
  private readonly map = new Map<string, CachedResponse>();
  /** Bumped by every clear, so a read that started before a write cannot store its stale answer after it. */
  generation = 0;

  isCacheable(operationId: string): boolean {
    return CACHEABLE.has(operationId);
  }
  /** True for operations that may change stored data (anything neither cacheable nor a known pure read). */
  invalidatedBy(operationId: string): boolean {
    return !CACHEABLE.has(operationId) && !PURE_READS.has(operationId);
  }
  get(key: string): CachedResponse | undefined {
    return this.map.get(key);
  }
  /** Stores the body unless the cache was cleared since `generation` was read. */
  set(key: string, json: string, generation: number): CachedResponse {
    const entry = { body: Buffer.from(json), etag: etagOf(json) };
    if (generation !== this.generation) return entry;
    if (this.map.size >= MAX_ENTRIES) this.map.clear();
    this.map.set(key, entry);
    return entry;
  }
  clear(): void {
    this.generation++;
    if (this.map.size) this.map.clear();
  }
  get size(): number {
    return this.map.size;
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
