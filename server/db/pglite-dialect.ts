import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import type { PGlite } from '@electric-sql/pglite';

/**
 * A Kysely dialect over one PGlite instance. `kysely-pglite-dialect` does not support PGlite 0.5,
 * and the driver is small: PGlite is one in-process connection, so a connection is a lease on a
 * mutex (this also makes Kysely transactions exclusive, which PGlite itself would not enforce).
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly db: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.db);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly connection: PGliteConnection;

  constructor(private readonly db: PGlite) {
    this.connection = new PGliteConnection(db);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const previous = this.queue;
    this.queue = previous.then(() => next);
    await previous;
    this.connection.release = release;
    return this.connection;
  }

  async beginTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    (conn as PGliteConnection).release?.();
  }
  async destroy(): Promise<void> {
    if (!this.db.closed) await this.db.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  release: (() => void) | undefined;
  constructor(private readonly db: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Several statements in one text without parameters (pg-boss's schema, server/jobs/queue.ts): PostgreSQL's simple
    // protocol runs them, as node-postgres does for a query without values; PGlite's `query` prepares one.
    if (!query.parameters.length && hasSeveralStatements(query.sql)) {
      const results = await this.db.exec(query.sql);
      return { rows: (results[results.length - 1]?.rows ?? []) as R[] };
    }
    const result = await this.db.query<R>(query.sql, query.parameters as unknown[]);
    return {
      rows: result.rows,
      ...(result.affectedRows !== undefined ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported by the PGlite driver');
  }
}

/** A `;` followed by more SQL, outside quotes and dollar-quoted bodies (a rough test: a false "one" only prepares). */
function hasSeveralStatements(text: string): boolean {
  const stripped = text.replace(/\$([A-Za-z_]*)\$[\s\S]*?\$\1\$/g, '').replace(/'(?:[^']|'')*'/g, '');
  return /;\s*\S/.test(stripped);
}
