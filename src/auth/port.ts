import type { ProviderSignIn } from '../../machines/identityTypes';

/** What a provider reports after sign-in, before the storefront adds remember / stored token. */
export type ProviderReport = Omit<ProviderSignIn, 'remember' | 'storedSessionToken' | 'returnTo'>;

/** The provider session's tokens and whose they are (the auth user id, the access token's `sub`). */
export interface ProviderTokens {
  accessToken: string;
  refreshToken: string;
  userId: string;
}

/**
 * The auth port (ARCHITECTURE "src/auth/"): Supabase Auth in production, the reference backend's
 * local sign-in when no Supabase project is configured (`config.localMode`).
 */
export interface AuthPort {
  readonly mode: 'supabase' | 'local';
  /** Starts Kakao sign-in (Supabase: OAuth redirect). */
  signInWithKakao(): Promise<void>;
  /** Starts Naver sign-in (redirect to the server function). */
  signInWithNaver(): Promise<void>;
  /** A sign-in the provider completed on return to /login from a redirect, if any (consumed once). */
  takeReturnedSignIn(): Promise<ProviderReport | null>;
  /** The Naver function's return: makes its tokens the provider session; null when they are refused. */
  adoptSession(tokens: { accessToken: string; refreshToken: string }): Promise<ProviderReport | null>;
  /** The provider session's current tokens, refreshed first when expired or nearly (`force`: refreshed whatever). */
  freshTokens(force?: boolean): Promise<ProviderTokens | null>;
  /** Called with the new tokens whenever the provider refreshes the session by itself; returns the unsubscribe. */
  onTokensRefreshed(listener: (tokens: ProviderTokens) => void): () => void;
  /** The session-token request (POST /account/LoginSubmit). */
  requestSessionToken(input: { useruid: string; email: string; accessToken: string }): Promise<string>;
  signOut(): Promise<void>;
}
