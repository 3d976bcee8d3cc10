-- The users table of the single-session rule (spec §3 "Users table", §4 "Single-session check", §7 "Remote data service").
--
-- The app (src/session/usersTable.ts) reaches it through PostgREST with the member's own access token:
--   GET  /rest/v1/users?select=active_session_token&id=eq.<id>
--   POST /rest/v1/users?on_conflict=id   Prefer: resolution=merge-duplicates   {id, last_login, active_session_token}
-- PostgREST runs both as the `authenticated` role with the token's claims in `request.jwt.claims`, so the rules
-- below are all that stands between one member and another member's session token.

create table public.users (
  -- The Supabase Auth user's id (the access token's `sub`, which auth.uid() returns).
  id uuid primary key,
  -- Korean wall-clock time of the last sign-in: the app sends now + 9 h as ISO text without a zone (spec §9), so a
  -- type without a zone keeps exactly what it sent; timestamptz would label that Korean time as UTC.
  last_login timestamp without time zone,
  -- The session token of the browser that signed in last; any other browser of the member is logged out on its
  -- next navigation.
  active_session_token text
);

comment on table public.users is 'Single-session rule: the session token of each member''s latest sign-in (spec §3, §4).';

-- A deleted auth user takes their row along. auth.users is always there on Supabase; the guard lets the same file
-- run on a plain PostgreSQL stand-in that provides only the roles and auth.uid().
do $$
begin
  if to_regclass('auth.users') is not null then
    alter table public.users
      add constraint users_id_fkey foreign key (id) references auth.users (id) on delete cascade;
  end if;
end
$$;

-- Supabase's default privileges grant every new table in `public` to anon and authenticated in full; narrow them:
-- an anonymous caller gets nothing at all, a member only what the app does (read, insert, update; never delete).
revoke all on table public.users from anon, authenticated;
grant select, insert, update on table public.users to authenticated;

-- Without a matching policy a row is invisible and unwritable, so these three are the whole of what a member can do.
-- `(select auth.uid())` is evaluated once per statement rather than once per row (Supabase's RLS guidance).
alter table public.users enable row level security;

create policy "members read their own row" on public.users
  for select to authenticated
  using ((select auth.uid()) = id);

create policy "members add their own row" on public.users
  for insert to authenticated
  with check ((select auth.uid()) = id);

-- `with check` as well, so a member cannot move their row onto another member's id.
create policy "members update their own row" on public.users
  for update to authenticated
  using ((select auth.uid()) = id)
  with check ((select auth.uid()) = id);
