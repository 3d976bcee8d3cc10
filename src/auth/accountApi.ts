import { api, datasOf, type ApiClient } from '../api/client';
import { ApiError, PARSE_FAILURE_MESSAGE } from '../api/errors';

/** Account calls of the login flow and the per-navigation checks (spec §7 "Users"). */

/** The provider's access token of a sign-in in progress (not yet the session's, so not sent by the client itself). */
const bearer = (accessToken: string) => (accessToken ? { Authorization: `Bearer ${accessToken}` } : {});

/** The useruid comes back only to the account's own token; without one, a taken email answers null. */
export async function checkUserAccount(email: string, accessToken = '', client: ApiClient = api): Promise<{ useruid: string | null }> {
  const datas = await datasOf(client.POST('/api/CheckUserAccount/', { body: { email }, headers: bearer(accessToken) }));
  return { useruid: datas.useruid ?? null };
}

export async function createSnsUser(
  body: { useruid: string; userid: string; email: string; name: string },
  accessToken = '',
  client: ApiClient = api,
): Promise<{ useruid: string }> {
  const datas = await datasOf(client.POST('/api/CreateSNSUser/', { body, headers: bearer(accessToken) }));
  return { useruid: datas.useruid };
}

/** The session-token request: every call issues a new token that replaces the previous one. */
export async function loginSubmit(
  input: { useruid: string; email: string; accessToken: string },
  client: ApiClient = api,
): Promise<string> {
  const datas = await datasOf(
    client.POST('/account/LoginSubmit', {
      body: { useruid: input.useruid, email: input.email },
      headers: input.accessToken ? { Authorization: `Bearer ${input.accessToken}` } : {},
    }),
  );
  return datas.sessionToken;
}

/** Shown when the server says the phone is missing without saying so itself. */
const PHONE_MISSING = '휴대폰 번호가 등록되어 있지 않습니다. 회원정보에서 등록해주세요.';

/**
 * Phone check: when `exists` is false, `message` is the server's respMessage to show. An answer without a yes or no
 * (issue 43: a malformed body once opened an empty dialog) is a failure to check, said as one.
 */
export async function checkUserPhone(useruid: string, client: ApiClient = api): Promise<{ exists: boolean; message: string }> {
  const { data } = await client.GET('/api/CheckUserPhone', { params: { query: { useruid } } });
  const exists: unknown = (data?.datas as { exists?: unknown } | null | undefined)?.exists;
  if (typeof exists !== 'boolean') throw new ApiError('parse', PARSE_FAILURE_MESSAGE, 200, 'checkUserPhone');
  return { exists, message: data?.respMessage || PHONE_MISSING };
}
