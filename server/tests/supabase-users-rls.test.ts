import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastLoginValue, type UsersRow } from '../../machines/identityTypes';
import { SUPABASE_STAND_IN_SQL } from '../../fakes/supabase-auth/standInSql';

/**
 * The SQL a deployer applies (supabase/migrations), run as Supabase runs it: the roles `anon` and `authenticated`,
 * `auth.uid()` reading the token's claims, and each call made the way PostgREST makes it — one transaction that
 * sets the caller's role and claims locally, then the statement. Row-level security is PostgreSQL's own, so this
 * needs a real PostgreSQL: under the PGlite run (no DATABASE_URL) the whole block is skipped.
 */
const DATABASE_URL = process.env.DATABASE_URL;
const MIGRATIONS = fileURLToPath(new URL('../../supabase/migrations/', import.meta.url));

type Claims = { role: 'anon' } | { role: 'authenticated'; sub?: string };

describe.runIf(DATABASE_URL)('supabase/migrations users table on PostgreSQL, as PostgREST calls it (PostgreSQL only)', () => {
  const name = `sf_supabase_${randomBytes(5).toString('hex')}`;
  let db: pg.Client;
  const anon: Claims = { role: 'anon' };
  const member = (sub: string): Claims => ({ role: 'authenticated', sub });

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(DATABASE_URL!);
    url.pathname = `/${name}`;
    db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    await db.query(SUPABASE_STAND_IN_SQL);
    // As `supabase db push` applies them: every file, in the order of its timestamped name.
    for (const file of readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql')).sort()) {
      await db.query(readFileSync(MIGRATIONS + file, 'utf8'));
    }
  }, 30_000);

  afterAll(async () => {
    await db?.end();
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  /** One PostgREST request: its transaction, the caller's role and claims set for that transaction only, the statement. */
  async function asCaller(claims: Claims, statement: string, values: unknown[] = []): Promise<pg.QueryResult> {
    await db.query('begin');
    try {
      await db.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [claims.role, JSON.stringify(claims)]);
      const result = await db.query(statement, values);
      await db.query('commit');
      return result;
    } catch (error) {
      await db.query('rollback');
      throw error;
    }
  }

  /** `GET /rest/v1/users?select=active_session_token&id=eq.<id>`: the single-session check's read. */
  const readToken = (claims: Claims, id: string) =>
    asCaller(claims, 'select active_session_token from public.users where id = $1', [id]);

  /** `POST /rest/v1/users?on_conflict=id` with `Prefer: resolution=merge-duplicates`: the JSON body populates the rows. */
  const upsert = (claims: Claims, row: UsersRow) =>
    asCaller(
      claims,
      `insert into public.users (id, last_login, active_session_token)
       select id, last_login, active_session_token from json_populate_recordset(null::public.users, $1::json)
       on conflict (id) do update set id = excluded.id, last_login = excluded.last_login, active_session_token = excluded.active_session_token`,
      [JSON.stringify([row])],
    );

  /** What is really stored, seen by the table's owner (Supabase's dashboard), not through anyone's policy. */
  const stored = async (id: string) =>
    (await db.query(`select to_json(last_login) #>> '{}' as last_login, active_session_token from public.users where id = $1`, [id])).rows[0] ?? null;

  const signedInAt = (iso: string) => lastLoginValue(new Date(iso));

  /** Two auth users who have each signed in once (rows written by the owner, so each case stands on its own). */
  async function twoMembers() {
    const a = randomUUID();
    const b = randomUUID();
    await db.query('insert into auth.users (id) values ($1), ($2)', [a, b]);
    await db.query(
      `insert into public.users (id, last_login, active_session_token) values ($1, '2026-11-25T10:00:00', 'session-a'), ($2, '2026-11-25T10:00:00', 'session-b')`,
      [a, b],
    );
    return { a, b };
  }

  it("a member's sign-in upserts their row and replaces it on the next sign-in; they read their own token back", async () => {
    const a = randomUUID();
    await db.query('insert into auth.users (id) values ($1)', [a]);
    await upsert(member(a), { id: a, last_login: signedInAt('2026-11-25T01:00:00.123Z'), active_session_token: 'session-a-1' });
    await upsert(member(a), { id: a, last_login: signedInAt('2026-11-25T02:00:00.456Z'), active_session_token: 'session-a-2' });
    // The app's +9 h ISO text without a zone comes back exactly as sent (spec §9: Korean time).
    expect(await stored(a)).toEqual({ last_login: '2026-11-25T11:00:00.456', active_session_token: 'session-a-2' });
    expect((await readToken(member(a), a)).rows).toEqual([{ active_session_token: 'session-a-2' }]);
  });

  it("a member cannot read another member's row: no row comes back", async () => {
    const { a, b } = await twoMembers();
    expect((await readToken(member(a), b)).rows).toEqual([]);
    expect((await asCaller(member(a), 'select id from public.users')).rows).toEqual([{ id: a }]);
  });

  it("a member cannot overwrite another member's session token: the update touches no row", async () => {
    const { a, b } = await twoMembers();
    const result = await asCaller(member(a), 'update public.users set active_session_token = $1 where id = $2', ['stolen', b]);
    expect(result.rowCount).toBe(0);
    expect((await stored(b))?.active_session_token).toBe('session-b');
  });

  it("a member cannot upsert a row with another member's id, whether or not that row exists yet", async () => {
    const { a, b } = await twoMembers();
    const taken = { id: b, last_login: signedInAt('2026-11-25T04:00:00.000Z'), active_session_token: 'stolen' };
    await expect(upsert(member(a), taken)).rejects.toThrow('new row violates row-level security policy for table "users"');
    expect((await stored(b))?.active_session_token).toBe('session-b');
    const newcomer = randomUUID();
    await db.query('insert into auth.users (id) values ($1)', [newcomer]);
    await expect(upsert(member(a), { ...taken, id: newcomer })).rejects.toThrow('violates row-level security policy');
    expect(await stored(newcomer)).toBeNull();
  });

  it("a member cannot move their row onto another member's id", async () => {
    const { a } = await twoMembers();
    const other = randomUUID();
    await db.query('insert into auth.users (id) values ($1)', [other]);
    await expect(asCaller(member(a), 'update public.users set id = $1 where id = $2', [other, a])).rejects.toThrow(
      'violates row-level security policy',
    );
    expect(await stored(other)).toBeNull();
    expect((await stored(a))?.active_session_token).toBe('session-a');
  });

  it('a member cannot delete a row, not even their own', async () => {
    const { a } = await twoMembers();
    await expect(asCaller(member(a), 'delete from public.users where id = $1', [a])).rejects.toThrow('permission denied for table users');
    expect(await stored(a)).not.toBeNull();
  });

  it('a token without a subject reads nothing and writes nothing', async () => {
    const { a } = await twoMembers();
    const nobody: Claims = { role: 'authenticated' };
    expect((await asCaller(nobody, 'select id from public.users')).rows).toEqual([]);
    await expect(upsert(nobody, { id: a, last_login: signedInAt('2026-11-25T05:00:00.000Z'), active_session_token: 'x' })).rejects.toThrow(
      'violates row-level security policy',
    );
    expect((await stored(a))?.active_session_token).toBe('session-a');
  });

  it('an anonymous caller (the anon key alone) is refused every read and write', async () => {
    const { a } = await twoMembers();
    await expect(asCaller(anon, 'select id from public.users')).rejects.toThrow('permission denied for table users');
    await expect(readToken(anon, a)).rejects.toThrow('permission denied for table users');
    await expect(upsert(anon, { id: a, last_login: signedInAt('2026-11-25T06:00:00.000Z'), active_session_token: 'x' })).rejects.toThrow(
      'permission denied for table users',
    );
    expect((await stored(a))?.active_session_token).toBe('session-a');
  });

  it('a deleted auth user takes their row along', async () => {
    const { a, b } = await twoMembers();
    await db.query('delete from auth.users where id = $1', [b]);
    expect(await stored(b)).toBeNull();
    expect(await stored(a)).not.toBeNull();
  });
});
