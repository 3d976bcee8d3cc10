import type { Session, SupabaseClient } from '@supabase/supabase-js';
import { loginSubmit } from './accountApi';
import type { AuthPort, ProviderReport } from './port';

/** Where OAuth providers send the member back. */
export function loginReturnUrl(origin: string = window.location.origin): string {
  return `${origin}/login`;
}

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

/** Production sign-in through Supabase Auth: Kakao OAuth, Naver through a server function. */
export function createSupabaseAuthAdapter(supabase: SupabaseClient, naverFunctionUrl: string | undefined): AuthPort {
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
      const { data, error } = await supabase.auth.getSession();
      if (error || !data.session) return null;
      return reportOf(data.session);
    },
    async currentTokens() {
      const { data } = await supabase.auth.getSession();
      return data.session ? { accessToken: data.session.access_token, refreshToken: data.session.refresh_token } : null;
    },
    requestSessionToken: (input) => loginSubmit(input),
    async signOut() {
      const { error } = await supabase.auth.signOut();
      if (error) throw new Error(error.message);
    },
  };
}
