/**
 * The vocabulary in which each operation says what it reads and writes, for the catalogue cache (cache.ts): table
 * names (`ratings`) or one key of a table (`ratings:101`). A cacheable read names every table its answer depends
 * on; a write names every table it may change, helpers included. Each handler file declares its operations beside
 * their SQL (`<tag>Cache`, typed `CacheTable<typeof <tag>>`, so an operation added without its tags fails the
 * type-check); the composition root hands the merged table to the dispatcher as `CacheTags`.
 */
export interface OpInput {
  params?: Record<string, unknown> | undefined;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
}

type Tags = (input: OpInput) => string[];

/** A cacheable read and what its answer depends on, or an operation that is not cached and what it may change. */
export type CacheDecl = { readonly reads: Tags } | { readonly writes: Tags };

/** One declaration for each operation of a handler table, and no other. */
export type CacheTable<Handlers> = { readonly [Op in keyof Handlers]: CacheDecl };

const tagsOf = (tags: readonly string[] | Tags): Tags => (typeof tags === 'function' ? tags : () => [...tags]);

/** A cached read whose answer depends on these tables (or keys). */
export const reads = (tags: readonly string[] | Tags): CacheDecl => ({ reads: tagsOf(tags) });
/** An operation that is never cached and may change these tables (or keys). */
export const writes = (tags: readonly string[] | Tags): CacheDecl => ({ writes: tagsOf(tags) });
/** A read that is not cached (a member's own data) and changes nothing. */
export const uncachedRead: CacheDecl = writes([]);
/**
 * A read that also records the member's first use of a class (server/domain/usage.ts: first play, first download).
 * No cached read shows those marks, so nothing is dropped, and it stays a read for whoever asks (its data is shown).
 */
export const readRecordingUse: CacheDecl = writes([]);

/** `table:key` when the request names the key, else the whole table (e.g. a request that failed validation). */
export function keyed(table: string, key: unknown): string {
  return typeof key === 'number' || (typeof key === 'string' && key !== '') ? `${table}:${key}` : table;
}
export const bodyField = (input: OpInput, name: string): unknown =>
  input.body && typeof input.body === 'object' ? (input.body as Record<string, unknown>)[name] : undefined;

/** The merged declarations, as the dispatcher and the cache ask them. */
export class CacheTags {
  constructor(private readonly table: Readonly<Record<string, CacheDecl>>) {}

  isCacheable(operationId: string): boolean {
    const d = this.table[operationId];
    return !!d && 'reads' in d;
  }

  /** The tags a cacheable read's answer depends on. */
  readsOf(operationId: string, input: OpInput): string[] {
    const d = this.table[operationId];
    return d && 'reads' in d ? d.reads(input) : [];
  }

  /** What an operation may have changed: its named tables, or `all` for an operation nobody declared. */
  touchedBy(operationId: string, input: OpInput): string[] | 'all' {
    const d = this.table[operationId];
    if (!d) return 'all';
    return 'writes' in d ? d.writes(input) : [];
  }
}
