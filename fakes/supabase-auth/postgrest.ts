/**
 * The fake's PostgREST (`/rest/v1/<table>`): the shipped SQL (supabase/migrations) with its row-level security on
 * an embedded PGlite the fake owns, called the way PostgREST calls PostgreSQL — one transaction per request that
 * sets the caller's role and JWT claims locally (`set_config(…, true)`), then the statement. So a policy that lets
 * one member read another's row fails here as it would on Supabase; nothing in this file decides who may see what.
 *
 * Only what supabase-js sends for the users table and a little around it: `select` of plain columns, the filters
 * eq/neq/is, insert and upsert (`Prefer: resolution=merge-duplicates|ignore-duplicates`, `return=representation`),
 * and the single-object `Accept`. Anything else answers PostgREST's own "not supported" error.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { SUPABASE_STAND_IN_SQL } from './standInSql.ts';

const MIGRATIONS = fileURLToPath(new URL('../../supabase/migrations/', import.meta.url));

/** Whom PostgREST runs a request as: the JWT's role, and its claims for auth.uid(). */
export interface RestCaller {
  role: 'anon' | 'authenticated';
  claims: Record<string, unknown>;
}

export interface RestRequest {
  method: string;
  table: string;
  query: URLSearchParams;
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
  body: string;
}

export interface RestAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** PostgREST's error body. */
interface RestErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly body: RestErrorBody,
  ) {
    super(body.message);
  }
}

const RESERVED_PARAMS = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns']);
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

function unsupported(message: string): RestError {
  return new RestError(400, { code: 'PGRST100', message, details: null, hint: null });
}

function quoted(name: string): string {
  const trimmed = name.trim().replace(/^"(.*)"$/, '$1');
  if (!IDENTIFIER.test(trimmed)) throw unsupported(`"failed to parse" (${name})`);
  return `"${trimmed}"`;
}

/** PostgREST's mapping of PostgreSQL errors to HTTP statuses (docs: "HTTP status codes"), the cases a table meets. */
function statusOf(code: string, role: RestCaller['role']): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '23505' || code === '23503') return 409;
  if (code === '42P01' || code === '42883') return 404;
  if (code.startsWith('08') || code === '53300') return 503;
  return 400;
}

function fromDatabase(error: unknown, role: RestCaller['role']): RestError {
  const e = error as { code?: string; message?: string; detail?: string; hint?: string };
  if (!e?.code) throw error;
  return new RestError(statusOf(e.code, role), { code: e.code, message: e.message ?? '', details: e.detail ?? null, hint: e.hint ?? null });
}

function preferences(header: string | undefined): Map<string, string> {
  const prefs = new Map<string, string>();
  for (const part of (header ?? '').split(',')) {
    const [key, value] = part.trim().split('=');
    if (key) prefs.set(key, value ?? '');
  }
  return prefs;
}

function filters(query: URLSearchParams, values: unknown[]): string {
  const clauses: string[] = [];
  for (const [column, filter] of query) {
    if (RESERVED_PARAMS.has(column)) continue;
    const dot = filter.indexOf('.');
    const op = filter.slice(0, dot);
    const operand = filter.slice(dot + 1);
    if (op === 'eq' || op === 'neq') {
      values.push(operand);
      clauses.push(`${quoted(column)} ${op === 'eq' ? '=' : '<>'} $${values.length}`);
    } else if (op === 'is' && ['null', 'true', 'false'].includes(operand.toLowerCase())) {
      clauses.push(`${quoted(column)} is ${operand.toLowerCase()}`);
    } else {
      throw unsupported(`"failed to parse filter (${filter})" (line 1, column 1)`);
    }
  }
  return clauses.length ? `where ${clauses.join(' and ')}` : '';
}

function selectList(select: string | null): string {
  if (!select || select === '*') return '*';
  return select.split(',').map(quoted).join(', ');
}

export interface RestDatabase {
  /** Lets an auth user exist for the users table's foreign key (Supabase keeps auth.users itself). */
  addAuthUser(id: string): Promise<void>;
  handle(caller: RestCaller, request: RestRequest): Promise<RestAnswer>;
  /** A select as the table's owner, past every policy (what Supabase's dashboard shows); rows as JSON values. */
  queryAsOwner<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Starts the database now instead of on the first request (a server that expects its first caller soon). */
  warm(): Promise<void>;
  close(): Promise<void>;
}

/** The stand-in and the shipped SQL applied once in this process, as a data directory the next databases start from. */
let shippedDump: Promise<Blob | File> | undefined;

/**
 * A new database with the stand-in and every migration: made by PGlite's initdb and the SQL (3.5-6 s of CPU on the
 * 2-core machine), or loaded from a dump an earlier one of this process left (~0.9 s). `keep` leaves that dump (about
 * 1 s more, once): the live browser journeys (fakes/live-local.ts), two files in one worker, ask for it; a test file
 * that starts one fake would only pay for it. A dump that failed is not kept, so the next database makes its own.
 */
async function shippedDatabase(keep: boolean): Promise<PGlite> {
  const dump = await shippedDump?.catch(() => undefined);
  if (dump) return PGlite.create({ loadDataDir: dump });
  const db = new PGlite();
  await db.exec(SUPABASE_STAND_IN_SQL);
  // As `supabase db push` applies them: every file, in the order of its timestamped name.
  for (const file of readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql')).sort()) {
    await db.exec(readFileSync(MIGRATIONS + file, 'utf8'));
  }
  if (keep) {
    // A checkpoint first, so a load does not replay the write-ahead log (server/db/template.ts).
    shippedDump ??= db.exec('checkpoint').then(() => db.dumpDataDir('none'));
    await shippedDump.catch(() => (shippedDump = undefined));
  }
  return db;
}

/**
 * Started on first use: a PGlite and the migrations cost a second or so, and most tests of the fake never call
 * PostgREST. `authUserIds` gives the users made before that, so their foreign keys hold too.
 */
export function createRestDatabase(authUserIds: () => Iterable<string>, { keepDump = false } = {}): RestDatabase {
  let started: Promise<PGlite> | undefined;

  const database = (): Promise<PGlite> =>
    (started ??= (async () => {
      const db = await shippedDatabase(keepDump);
      for (const id of authUserIds()) await db.query('insert into auth.users (id) values ($1) on conflict do nothing', [id]);
      return db;
    })());

  async function asCaller(caller: RestCaller, sql: string, values: unknown[]): Promise<string> {
    const db = await database();
    try {
      return await db.transaction(async (tx) => {
        await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [caller.role, JSON.stringify(caller.claims)]);
        const result = await tx.query<{ body: string }>(sql, values);
        return result.rows[0]?.body ?? '';
      });
    } catch (error) {
      throw fromDatabase(error, caller.role);
    }
  }

  async function primaryKey(table: string): Promise<string[]> {
    const db = await database();
    const result = await db.query<{ name: string }>(
      `select a.attname as name from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
       where i.indrelid = to_regclass($1) and i.indisprimary`,
      [`public.${table}`],
    );
    return result.rows.map((r) => `"${r.name}"`);
  }

  /** PostgREST answers an object for `Accept: application/vnd.pgrst.object+json` only when exactly one row came. */
  function shaped(rowsJson: string, headers: RestRequest['headers']): string {
    if (!(headers.accept ?? '').startsWith('application/vnd.pgrst.object+json')) return rowsJson;
    const rows = JSON.parse(rowsJson) as unknown[];
    if (rows.length !== 1) {
      throw new RestError(406, {
        code: 'PGRST116',
        message: 'JSON object requested, multiple (or no) rows returned',
        details: `The result contains ${rows.length} rows`,
        hint: null,
      });
    }
    return JSON.stringify(rows[0]);
  }

  async function read(caller: RestCaller, request: RestRequest): Promise<RestAnswer> {
    const values: unknown[] = [];
    const where = filters(request.query, values);
    const sql = `select coalesce(json_agg(_r), '[]')::text as body from (select ${selectList(request.query.get('select'))} from public.${quoted(request.table)} ${where}) _r`;
    const rows = await asCaller(caller, sql, values);
    const count = (JSON.parse(rows) as unknown[]).length;
    return {
      status: 200,
      headers: { ...JSON_HEADERS, 'content-range': count ? `0-${count - 1}/*` : '*/*' },
      body: shaped(rows, request.headers),
    };
  }

  async function insert(caller: RestCaller, request: RestRequest): Promise<RestAnswer> {
    let payload: unknown;
    try {
      payload = JSON.parse(request.body || 'null');
    } catch {
      throw new RestError(400, { code: 'PGRST102', message: 'Empty or invalid json', details: null, hint: null });
    }
    const rows = Array.isArray(payload) ? payload : [payload];
    if (rows.some((row) => typeof row !== 'object' || row === null)) {
      throw new RestError(400, { code: 'PGRST102', message: 'All object keys must match', details: null, hint: null });
    }
    const columnsParam = request.query.get('columns');
    const names = columnsParam ? columnsParam.split(',') : [...new Set(rows.flatMap((row) => Object.keys(row as object)))];
    const columns = names.map(quoted);
    const prefs = preferences(request.headers.prefer);
    const resolution = prefs.get('resolution');
    const table = `public.${quoted(request.table)}`;

    let conflict = '';
    if (resolution === 'merge-duplicates' || resolution === 'ignore-duplicates') {
      const onConflict = request.query.get('on_conflict');
      const target = onConflict ? onConflict.split(',').map(quoted) : await primaryKey(request.table);
      conflict =
        resolution === 'ignore-duplicates'
          ? `on conflict (${target.join(', ')}) do nothing`
          : `on conflict (${target.join(', ')}) do update set ${columns.map((c) => `${c} = excluded.${c}`).join(', ')}`;
    }
    const list = columns.join(', ');
    const statement = `insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, $1::json) ${conflict}`;
    const representation = prefs.get('return') === 'representation';
    // `returning` needs a select policy on the new rows, so PostgREST leaves it out unless the caller asks for rows.
    const sql = representation ? `with _w as (${statement} returning *) select coalesce(json_agg(_w), '[]')::text as body from _w` : statement;
    const body = await asCaller(caller, sql, [JSON.stringify(rows)]);
    if (!representation) return { status: 201, headers: {}, body: '' };
    return { status: 201, headers: JSON_HEADERS, body: shaped(body, request.headers) };
  }

  return {
    async warm() {
      await database();
    },
    async addAuthUser(id) {
      if (!started) return; // the start inserts every user there is by then
      const db = await database();
      await db.query('insert into auth.users (id) values ($1) on conflict do nothing', [id]);
    },
    async handle(caller, request) {
      try {
        if (request.method === 'GET' || request.method === 'HEAD') {
          const answer = await read(caller, request);
          return request.method === 'HEAD' ? { ...answer, body: '' } : answer;
        }
        if (request.method === 'POST') return await insert(caller, request);
        throw new RestError(405, { code: 'PGRST117', message: `Unsupported HTTP method: ${request.method}`, details: null, hint: null });
      } catch (error) {
        if (!(error instanceof RestError)) throw error;
        return { status: error.status, headers: JSON_HEADERS, body: JSON.stringify(error.body) };
      }
    },
    async queryAsOwner<T>(sql: string, params: unknown[] = []) {
      const db = await database();
      const result = await db.query<{ row: T }>(`select to_json(_q) as row from (${sql}) _q`, params);
      return result.rows.map((r) => r.row);
    },
    async close() {
      if (started) await (await started).close();
    },
  };
}
