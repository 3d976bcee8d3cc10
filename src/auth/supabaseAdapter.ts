import type { Session, SupabaseClient } from '@supabase/supabase-js';
import { loginSubmit } from './accountApi';
import type { AuthPort, ProviderReport, ProviderTokens } from './port';

/** The one page a provider returns to; a `code` anywhere else is not a sign-in (PortOne's returns carry one too). */
export const LOGIN_PATH = '/login';

/** Where OAuth providers send the member back. */
export function loginReturnUrl(origin: string = window.location.origin): string {
  return `${origin}${LOGIN_PATH}`;
}

/** Said when the return from Kakao cannot be completed (refused, expired or already used code). */
export const KAKAO_RETURN_FAILED = '카카오 로그인을 완료하지 못했습니다. 다시 시도해주세요.';

/** Replaces the address bar's entry (no new history entry), so what is scrubbed from it is gone from history too. */
export type ReplaceAddress = (href: string) => void;

const replaceInHistory: ReplaceAddress = (href) => window.history.replaceState(window.history.state, '', href);

function reportOf(session: Session): ProviderReport {
  const meta = session.user.user_metadata as Record<string, unknown>;
  const email = session.user.email ?? String(meta.email ?? '');
  const name = [meta.name, meta.full_name, meta.nickname, meta.preferred_username].find(
    (v): v is string => typeof v === 'string' && v.length > 0,
  );
  return {
    email,
    name: name ?? email,
    providerUserId: session.user.id,
    accessToken: session.access_token,
    refreshToken: session.refresh_token,
  };
}

const tokensOf = (session: Session): ProviderTokens => ({
  accessToken: session.access_token,
  refreshToken: session.refresh_token,
  userId: session.user.id,
});

/**
 * Production sign-in through Supabase Auth: Kakao OAuth with PKCE, Naver through a server function. The client is
 * built with `detectSessionInUrl: false` (src/session/supabaseClient.ts), so the Kakao code is exchanged here, once,
 * and only on /login.
 */
export function createSupabaseAuthAdapter(
  supabase: SupabaseClient,
  naverFunctionUrl: string | undefined,
  replaceAddress: ReplaceAddress = replaceInHistory,
): AuthPort {
  // A code is single-use at the auth server: a second exchange (a remount, a second tab restoring the page) would
  // only fail and show the member an error after they were signed in.
  const exchangedCodes = new Set<string>();
  return {
    mode: 'supabase',
    async signInWithKakao() {
      const { error } = await supabase.auth.signInWithOAuth({
        provider: 'kakao',
        options: { redirectTo: loginReturnUrl() },
      });
      if (error) throw new Error(error.message);
    },
    async signInWithNaver() {
      if (!naverFunctionUrl) throw new Error('네이버 로그인이 설정되지 않았습니다.');
      const url = new URL(naverFunctionUrl);
      url.searchParams.set('redirect_to', loginReturnUrl());
      window.location.assign(url.toString());
    },
    async takeReturnedSignIn() {
      const url = new URL(window.location.href);
      const code = url.searchParams.get('code');
      const refused = url.searchParams.has('error') || url.searchParams.has('error_description');
      if (url.pathname !== LOGIN_PATH || (!code && !refused)) return null;
      for (const key of ['code', 'error', 'error_code', 'error_description']) url.searchParams.delete(key);
      replaceAddress(`${url.pathname}${url.search}${url.hash}`);
      if (!code) throw new Error(KAKAO_RETURN_FAILED);
      if (exchangedCodes.has(code)) return null;
      exchangedCodes.add(code);
      const { data, error } = await supabase.auth.exchangeCodeForSession(code);
      if (error || !data.session) throw new Error(KAKAO_RETURN_FAILED);
      return reportOf(data.session);
    },
    async adoptSession({ accessToken, refreshToken }) {
      // setSession checks the access token with the auth server (GET /user) before storing it, so a forged or
      // signed-out pair in the address signs nobody in.
      const { data, error } = await supabase.auth.setSession({ access_token: accessToken, refresh_token: refreshToken });
      if (error || !data.session) return null;
      return reportOf(data.session);
    },
    async freshTokens(force = false) {
      const { data, error } = force ? await supabase.auth.refreshSession() : await supabase.auth.getSession();
      if (error || !data.session) return null;
      return tokensOf(data.session);
    },
    onTokensRefreshed(listener) {
      const { data } = supabase.auth.onAuthStateChange((event, session) => {
        // supabase-js calls this while holding its auth lock: anything that calls Supabase from here (even the
        // listener's own follow-ups) must run after it, or every tab's auth calls wait forever.
        if (event === 'TOKEN_REFRESHED' && session) setTimeout(() => listener(tokensOf(session)), 0);
      });
      return () => data.subscription.unsubscribe();
    },
    requestSessionToken: (input) => loginSubmit(input),
    async signOut() {
      // 'local': this browser only. The default 'global' would also end the session of the device that just signed
      // in, when this one is being logged out by the single-session rule.
      const { error } = await supabase.auth.signOut({ scope: 'local' });
      if (error) throw new Error(error.message);
    },
  };
}
