import type { ProviderSignIn } from '../../machines/identityTypes';

/** What a provider reports after sign-in, before the storefront adds remember / stored token. */
export type ProviderReport = Omit<ProviderSignIn, 'remember' | 'storedSessionToken' | 'returnTo'>;

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
  /** A sign-in the provider completed on return from a redirect, if any (consumed once). */
  takeReturnedSignIn(): Promise<ProviderReport | null>;
  /** The provider's current tokens (used on the Naver return), if a provider session exists. */
  currentTokens(): Promise<{ accessToken: string; refreshToken: string } | null>;
  /** The session-token request (POST /account/LoginSubmit). */
  requestSessionToken(input: { useruid: string; email: string; accessToken: string }): Promise<string>;
  signOut(): Promise<void>;
}
