import { api, datasOf, type ApiClient } from '../api/client';
import type { components } from '../api/schema.gen';
import { loginSubmit } from './accountApi';
import type { AuthPort, ProviderReport } from './port';

export type LocalMember = components['schemas']['LocalMember'];

/** Demo members offered by the local sign-in page (GET /local/auth/members). */
export function fetchLocalMembers(client: ApiClient = api): Promise<LocalMember[]> {
  return datasOf(client.GET('/local/auth/members', {}));
}

/** Local sign-in against the reference backend (POST /local/auth/sign-in). */
export async function localSignIn(email: string, remember: boolean, client: ApiClient = api): Promise<ProviderReport> {
  const datas = await datasOf(client.POST('/local/auth/sign-in', { body: { email, remember } }));
  return {
    email: datas.email,
    name: datas.username,
    providerUserId: datas.useruid,
    accessToken: datas.accessToken,
    refreshToken: datas.refreshToken,
  };
}

const NOT_IN_LOCAL_MODE = '로컬 체험 모드에서는 데모 회원으로 로그인해주세요.';

/**
 * Local mode: there is no outside provider. Kakao / Naver buttons are not available; the login page
 * offers the reference backend's demo members instead.
 */
export function createLocalAuthAdapter(client: ApiClient = api): AuthPort {
  return {
    mode: 'local',
    signInWithKakao: () => Promise.reject(new Error(NOT_IN_LOCAL_MODE)),
    signInWithNaver: () => Promise.reject(new Error(NOT_IN_LOCAL_MODE)),
    takeReturnedSignIn: async () => null,
    adoptSession: async () => null,
    // The reference backend's local tokens are not refreshed: a visit outliving one signs in again.
    freshTokens: async () => null,
    onTokensRefreshed: () => () => {},
    requestSessionToken: (input) => loginSubmit(input, client),
    signOut: async () => {},
  };
}
