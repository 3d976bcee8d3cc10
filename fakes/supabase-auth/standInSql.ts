/**
 * The part of Supabase that supabase/migrations relies on, for running the shipped SQL outside a Supabase project:
 * on a plain PostgreSQL (server/tests/supabase-users-rls.test.ts) and on the fake's embedded PGlite (postgrest.ts).
 *
 * Roles are cluster-wide and other runs may have made them; the grants and default privileges are those of
 * Supabase's initial schema (every new table in `public` granted in full to both roles, which the migration must
 * narrow); auth.uid() is supabase/auth's migrations/tenant/20211202183645_update_auth_uid.up.sql. Supabase's
 * auth.users has many more columns; only id matters here (the users table's foreign key).
 */
export const SUPABASE_STAND_IN_SQL = `
  do $$ begin create role anon nologin noinherit; exception when duplicate_object or unique_violation then null; end $$;
  do $$ begin create role authenticated nologin noinherit; exception when duplicate_object or unique_violation then null; end $$;
  grant usage on schema public to anon, authenticated;
  alter default privileges in schema public grant all on tables to anon, authenticated;
  create schema auth;
  grant usage on schema auth to anon, authenticated;
  create table auth.users (id uuid primary key);
  create or replace function auth.uid()
  returns uuid
  language sql stable
  as $fn$
    select
    nullif(
      coalesce(
        current_setting('request.jwt.claim.sub', true),
        (current_setting('request.jwt.claims', true)::jsonb ->> 'sub')
      ),
      ''
    )::uuid
  $fn$;
`;
