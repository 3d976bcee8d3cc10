import { Hono } from 'hono';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { LocalAuth } from './auth';

const COLUMNS = ['id', 'last_login', 'active_session_token'] as const;
type Column = (typeof COLUMNS)[number];
const isColumn = (c: string): c is Column => (COLUMNS as readonly string[]).includes(c);
const OBJECT_TYPE = 'application/vnd.pgrst.object+json';

const pgrstError = (status: number, code: string, message: string) =>
  new Response(JSON.stringify({ code, details: null, hint: null, message }), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

/** The anon key supabase-js sends as its bearer when no member is signed in: it names nobody. */
const ANON_KEY = 'local-anon-key';

/**
 * Row-level security as the production policy states it (docs/decisions.md, "Security model"):
 * anonymous callers have no grant (401, as PostgREST answers for the anon role), a member sees and
 * writes only the row whose id is its own token's subject (403 on another member's row).
 */
async function memberOf(auth: LocalAuth, header: string | undefined): Promise<string | Response> {
  const token = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1];
  if (!token || token === ANON_KEY) return pgrstError(401, '42501', 'permission denied for table users');
  const member = await auth.verify(token);
  return member ? member.useruid : pgrstError(401, 'PGRST301', 'JWT could not be verified');
}

/**
 * The remote data service's `users` table, PostgREST-style, for exactly the two calls supabase-js v2
 * makes: select with `id=eq.` filters (array, or one object when Accept asks for
 * `vnd.pgrst.object+json`), and upsert on `id` with `Prefer: resolution=merge-duplicates`.
 */
export function usersTableRoutes(db: Db, auth: LocalAuth): Hono {
  const app = new Hono();

  app.get('/rest/v1/users', async (c) => {
    const me = await memberOf(auth, c.req.header('authorization'));
    if (me instanceof Response) return me;
    const url = new URL(c.req.url);
    const select = (url.searchParams.get('select') ?? '*').split(',').map((s) => s.trim()).filter(Boolean);
    const columns = select.includes('*') ? [...COLUMNS] : select;
    if (!columns.every(isColumn)) return pgrstError(400, '42703', `column users.${columns.find((x) => !isColumn(x))} does not exist`);
    // The policy's `using (auth.uid() = id)`: other members' rows simply are not there.
    let query = db.selectFrom('users').select(columns as Column[]).where('id', '=', me);
    for (const [key, value] of url.searchParams) {
      if (!isColumn(key)) continue;
      const eq = /^eq\.(.*)$/s.exec(value);
      if (!eq) return pgrstError(400, 'PGRST100', `unsupported filter ${key}=${value}`);
      query = query.where(key, '=', eq[1]!);
    }
    const limit = Number(url.searchParams.get('limit') ?? '1000');
    const rows = await query.orderBy('id').limit(Number.isFinite(limit) ? Math.min(limit, 1000) : 1000).execute();
    if ((c.req.header('accept') ?? '').includes(OBJECT_TYPE)) {
      if (rows.length !== 1) return pgrstError(406, 'PGRST116', `JSON object requested, multiple (or no) rows returned`);
      return new Response(JSON.stringify(rows[0]), { status: 200, headers: { 'content-type': `${OBJECT_TYPE}; charset=utf-8` } });
    }
    return c.json(rows, 200);
  });

  app.post('/rest/v1/users', async (c) => {
    const me = await memberOf(auth, c.req.header('authorization'));
    if (me instanceof Response) return me;
    const url = new URL(c.req.url);
    const prefer = c.req.header('prefer') ?? '';
    const onConflict = url.searchParams.get('on_conflict');
    const merge = prefer.includes('resolution=merge-duplicates');
    if (onConflict && onConflict !== 'id') return pgrstError(400, '42P10', 'on_conflict must be id');
    let payload: unknown;
    try {
      payload = await c.req.json();
    } catch {
      return pgrstError(400, 'PGRST102', 'Empty or invalid json');
    }
    const rows = (Array.isArray(payload) ? payload : [payload]) as Record<string, unknown>[];
    for (const row of rows) {
      if (!row || typeof row !== 'object' || typeof row.id !== 'string' || row.id === '') return pgrstError(400, '23502', 'null value in column "id" violates not-null constraint');
      const unknown = Object.keys(row).find((k) => !isColumn(k));
      if (unknown) return pgrstError(400, 'PGRST204', `Could not find the '${unknown}' column of 'users' in the schema cache`);
      // The policy's `with check (auth.uid() = id)`.
      if (row.id !== me) return pgrstError(403, '42501', 'new row violates row-level security policy for table "users"');
    }
    const saved: Record<string, unknown>[] = [];
    for (const row of rows) {
      const values = { id: row.id as string, last_login: (row.last_login as string | null) ?? null, active_session_token: (row.active_session_token as string | null) ?? null };
      const present = Object.keys(row).filter((k) => k !== 'id') as Column[];
      try {
        const result = await sql<Record<string, unknown>>`
          insert into users (id, last_login, active_session_token) values (${values.id}, ${values.last_login}, ${values.active_session_token})
          on conflict (id) do ${merge && present.length ? sql`update set ${sql.join(present.map((k) => sql`${sql.ref(k)} = excluded.${sql.ref(k)}`))}` : merge ? sql`nothing` : sql`nothing`}
          returning id, last_login, active_session_token`.execute(db);
        if (!merge && result.rows.length === 0) return pgrstError(409, '23505', 'duplicate key value violates unique constraint "users_pkey"');
        saved.push(...result.rows);
      } catch (err) {
        return pgrstError(400, '22000', String((err as Error).message));
      }
    }
    if (prefer.includes('return=representation')) return c.json(Array.isArray(payload) ? saved : saved, 201);
    return c.body(null, 201);
  });

  return app;
}
