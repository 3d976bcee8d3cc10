/**
 * The fake's PostgREST driven by the real supabase-js and the app's own users-table calls (src/session/usersTable.ts):
 * the shipped migration's row-level security decides, on the fake's PGlite, what each caller sees.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastLoginValue } from '../../machines/identityTypes';
import { readActiveSessionToken, upsertUsersRow } from '../../src/session/usersTable';
import { startFakeSupabaseAuth, type FakeSupabaseAuth } from './index.ts';
import { nodeSupabaseClient } from './nodeClient.ts';

let fake: FakeSupabaseAuth;
let clock = Date.now();

beforeAll(async () => {
  fake = await startFakeSupabaseAuth({ now: () => clock });
});
afterAll(() => fake.close());

function newClient(key = fake.anonKey): SupabaseClient {
  return nodeSupabaseClient(fake.url, key);
}

/** A member with a Supabase session, made the way the Naver function makes one (admin user, magic link, verify). */
async function signedInMember(email: string): Promise<{ id: string; accessToken: string; client: SupabaseClient }> {
  const admin = newClient(fake.serviceRoleKey);
  const created = await admin.auth.admin.createUser({ email, email_confirm: true });
  expect(created.error).toBeNull();
  const link = await admin.auth.admin.generateLink({ type: 'magiclink', email });
  expect(link.error).toBeNull();
  const client = newClient();
  const verified = await client.auth.verifyOtp({ type: 'magiclink', token_hash: link.data.properties?.hashed_token as string });
  expect(verified.error).toBeNull();
  return { id: created.data.user?.id as string, accessToken: verified.data.session?.access_token as string, client };
}

const row = (id: string, token: string, at = '2026-11-25T01:00:00.123Z') => ({ id, last_login: lastLoginValue(new Date(at)), active_session_token: token });

describe("the fake's PostgREST runs the shipped users-table SQL with its row-level security", () => {
  it('a signed-in member upserts their own row, replaces it on the next sign-in and reads their token back', async () => {
    const a = await signedInMember('rest-a@example.com');
    await upsertUsersRow(a.client, row(a.id, 'session-a-1'), a.accessToken);
    await upsertUsersRow(a.client, row(a.id, 'session-a-2', '2026-11-25T02:00:00.456Z'), a.accessToken);
    expect(await readActiveSessionToken(a.client, a.id, a.accessToken)).toBe('session-a-2');
    // The +9 h Korean wall-clock text without a zone is stored as sent, as on Supabase.
    expect(await fake.queryAsOwner('select last_login, active_session_token from public.users where id = $1', [a.id])).toEqual([
      { last_login: '2026-11-25T11:00:00.456', active_session_token: 'session-a-2' },
    ]);
    // supabase-js's own session bearer does the same as the app's explicit one.
    const { data, error, status } = await a.client.from('users').select('active_session_token').eq('id', a.id);
    expect({ data, error, status }).toEqual({ data: [{ active_session_token: 'session-a-2' }], error: null, status: 200 });
  });

  it("another member's row is invisible, and upserting over it is refused with PostgREST's 403", async () => {
    const a = await signedInMember('rest-owner@example.com');
    const b = await signedInMember('rest-intruder@example.com');
    await upsertUsersRow(a.client, row(a.id, 'session-a'), a.accessToken);

    expect(await readActiveSessionToken(b.client, a.id, b.accessToken)).toBeNull();
    expect((await b.client.from('users').select('id')).data).toEqual([]);

    const stolen = await b.client.from('users').upsert(row(a.id, 'stolen'), { onConflict: 'id' });
    expect(stolen.status).toBe(403);
    expect(stolen.error).toMatchObject({ code: '42501', message: 'new row violates row-level security policy for table "users"' });
    await expect(upsertUsersRow(b.client, row(a.id, 'stolen'), b.accessToken)).rejects.toThrow('row-level security');
    expect(await fake.queryAsOwner('select active_session_token from public.users where id = $1', [a.id])).toEqual([{ active_session_token: 'session-a' }]);
  });

  it('the anon key alone is refused every read and write with 401', async () => {
    const a = await signedInMember('rest-anon-target@example.com');
    await upsertUsersRow(a.client, row(a.id, 'session-a'), a.accessToken);
    const anon = newClient();
    const read = await anon.from('users').select('active_session_token').eq('id', a.id);
    expect(read.status).toBe(401);
    expect(read.error).toMatchObject({ code: '42501', message: 'permission denied for table users' });
    const write = await anon.from('users').upsert(row(a.id, 'stolen'), { onConflict: 'id' });
    expect(write.status).toBe(401);
    expect(write.error?.code).toBe('42501');
    expect(await fake.queryAsOwner('select active_session_token from public.users where id = $1', [a.id])).toEqual([{ active_session_token: 'session-a' }]);
  });

  it('refuses a token signed by another key, an expired token and a foreign role before touching the database', async () => {
    const a = await signedInMember('rest-forged@example.com');
    const { privateKey } = await generateKeyPair('ES256');
    const forge = (claims: Record<string, unknown>, expiresIn = '1h') =>
      new SignJWT({ role: 'authenticated', ...claims })
        .setProtectedHeader({ alg: 'ES256', kid: 'not-the-projects' })
        .setSubject(a.id)
        .setIssuer(fake.issuer)
        .setAudience('authenticated')
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(privateKey);
    const read = (token: string) => readActiveSessionToken(newClient(), a.id, token);
    await expect(read(await forge({}))).rejects.toThrow('No suitable key or wrong key type');

    clock += 2 * 3600 * 1000; // a's access token (1 h) has expired
    await expect(read(a.accessToken)).rejects.toThrow('JWT expired');
    clock = Date.now();

    const res = await fetch(`${fake.restUrl}/users?select=id`, { headers: { apikey: fake.anonKey, authorization: `Bearer ${fake.serviceRoleKey}` } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'PGRST301' });
  });

  it("lets the app's origin send supabase-js's PostgREST headers from the browser", async () => {
    const preflight = await fetch(`${fake.restUrl}/users?on_conflict=id`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:5174',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey,authorization,content-profile,content-type,prefer,x-client-info',
      },
    });
    expect(preflight.status).toBe(204);
    const allowed = (preflight.headers.get('access-control-allow-headers') ?? '').split(',').map((h) => h.trim());
    expect(allowed).toEqual(expect.arrayContaining(['apikey', 'authorization', 'content-profile', 'content-type', 'prefer', 'x-client-info', 'accept-profile']));
  });

  it('asks for the apikey first, as Supabase’s gateway does', async () => {
    const res = await fetch(`${fake.restUrl}/users?select=id`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'No API key found in request' });
  });
});
