import { describe, expect, it } from 'vitest';
import { createClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import { DEMO_TOKEN, MatchersV3, usersTablePact } from './pact';
import { readActiveSessionToken, upsertUsersRow } from '../../src/session/usersTable';
import { LOCAL_ANON_KEY } from '../../src/session/supabaseClient';

/**
 * Row-level security: each call carries the signed-in member's access token as its bearer (the anon
 * key stays the apikey), and touches only that member's row. The two users-table calls of the single-session rule (spec §7 "Remote data service"), made by the
 * real supabase-js client against the Pact mock server: exactly what the reference backend's
 * PostgREST stand-in (/rest/v1/users) and a Supabase project must answer.
 */
const { like, regex } = MatchersV3;
const pact = usersTablePact();
const supabaseHeaders = {
  apikey: like(LOCAL_ANON_KEY),
  Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`),
};

type Transport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

/** Node 20 has no global WebSocket; these calls never open realtime, so a refusing stub is enough. */
class NoRealtime {
  constructor() {
    throw new Error('realtime is not used by the users-table calls');
  }
}

function supabaseAt(url: string) {
  return createClient(url, LOCAL_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime as unknown as Transport },
  });
}

describe('users table (storefront-web → storefront-users-table)', () => {
  it('reads the active session token of a member', () =>
    pact
      .addInteraction()
      .given('member has an active session token', { useruid: 'u-demo-1', sessionToken: 'st-demo-1' })
      .uponReceiving('a select of active_session_token for member u-demo-1')
      .withRequest('GET', '/rest/v1/users', (b) =>
        b.query({ select: 'active_session_token', id: 'eq.u-demo-1' }).headers(supabaseHeaders),
      )
      .willRespondWith(200, (b) => b.jsonBody([{ active_session_token: like('st-demo-1') }]))
      .executeTest(async (server) => {
        expect(await readActiveSessionToken(supabaseAt(server.url), 'u-demo-1', DEMO_TOKEN)).toBe('st-demo-1');
      }));

  it('reads no row for a member who never logged in', () =>
    pact
      .addInteraction()
      .given('member has no users row', { useruid: 'u-demo-1' })
      .uponReceiving('a select of active_session_token by member u-demo-1 without a row')
      .withRequest('GET', '/rest/v1/users', (b) =>
        b.query({ select: 'active_session_token', id: 'eq.u-demo-1' }).headers(supabaseHeaders),
      )
      .willRespondWith(200, (b) => b.jsonBody([]))
      .executeTest(async (server) => {
        expect(await readActiveSessionToken(supabaseAt(server.url), 'u-demo-1', DEMO_TOKEN)).toBeNull();
      }));

  it('upserts the login record (conflict on id, merge)', () =>
    pact
      .addInteraction()
      .given('member exists', { useruid: 'u-demo-1' })
      .uponReceiving('an upsert of the users row of member u-demo-1')
      .withRequest('POST', '/rest/v1/users', (b) =>
        b
          .query({ on_conflict: 'id' })
          .headers({ ...supabaseHeaders, Prefer: regex(/resolution=merge-duplicates/, 'resolution=merge-duplicates,return=minimal') })
          .jsonBody({
            id: 'u-demo-1',
            last_login: regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/, '2024-05-01T19:00:00.000'),
            active_session_token: like('st-demo-2'),
          }),
      )
      .willRespondWith(201)
      .executeTest(async (server) => {
        await upsertUsersRow(supabaseAt(server.url), {
          id: 'u-demo-1',
          last_login: '2024-05-01T19:00:00.000',
          active_session_token: 'st-demo-2',
        }, DEMO_TOKEN);
      }));
});
