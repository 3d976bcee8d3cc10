import { PactV4, MatchersV3, type TemplateQuery } from '@pact-foundation/pact';
import { expect } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/api/client';
import { consumerPactDir } from '../pact-dirs';

/** Where every consumer test writes (a temp folder, see `contracts/pact-dirs.ts`); emptied before each run. */
const PACT_DIR = consumerPactDir();

/** The product API as the storefront sees it. Every interaction here must also fit openapi/storefront.yaml. */
export function storefrontApiPact(): PactV4 {
  return new PactV4({ consumer: 'storefront-web', provider: 'storefront-api', dir: PACT_DIR, logLevel: 'warn' });
}

/** The remote data service's users table (Supabase PostgREST), used for the single-session rule. */
export function usersTablePact(): PactV4 {
  return new PactV4({ consumer: 'storefront-web', provider: 'storefront-users-table', dir: PACT_DIR, logLevel: 'warn' });
}

/** The real generated client, pointed at the Pact mock server. */
export function clientFor(mockServerUrl: string) {
  return createApiClient(mockServerUrl);
}

/** The common header every call sends (declared in the yaml as X-Storefront-Client). */
export const commonHeaders = { 'X-Storefront-Client': MatchersV3.string('web/1.0') };

/** `{ success: true, datas }` with `datas` matched by the given matcher template. */
export function okEnvelope(datas: unknown) {
  return { success: true, datas };
}

export { MatchersV3 };

/**
 * Provider states every consumer file shares: an exact name plus parameters, `given(MEMBER, DEMO_MEMBER)`.
 * Each name needs a handler in contracts/provider/states.ts, else verification fails.
 */
export const CATALOGUE = 'the demo catalogue is seeded';
export const MEMBER = 'member exists';
export const DEMO_MEMBER = { useruid: 'u-demo-1' };

/**
 * Bearer token recorded in the pacts for member calls: a placeholder of member u-demo-1, which provider
 * verification swaps for a real token of that member before each request.
 */
export const DEMO_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1LWRlbW8tMSJ9.placeholder';

/**
 * The console (issue 38): the verifier acts as DEMO_MEMBER, so its staff role is a provider state, named on every
 * console interaction: `given(...asStaff('operator'))`, or `given(NOT_STAFF, DEMO_MEMBER)` for a plain member.
 */
export const STAFF = 'the member is staff';
export const NOT_STAFF = 'the member is not staff';
/** The instructor's name as the demo classes name their teacher (teacher@demo.kr teaches these). */
export const DEMO_TEACHER = '한리포머 강사';

/** `[STAFF, params]`: DEMO_MEMBER holds this role (an instructor of DEMO_TEACHER's classes unless another is named). */
export function asStaff(role: 'owner' | 'operator' | 'instructor', teachername = DEMO_TEACHER): readonly [string, StateParams] {
  return [STAFF, role === 'instructor' ? { ...DEMO_MEMBER, role, teachername } : { ...DEMO_MEMBER, role }] as const;
}

/** The console's refusals, as the server words them (server/openapi/dispatch.ts). */
export const CONSOLE_REFUSALS = {
  signedOut: '로그인 후 이용해주세요.',
  notStaff: '운영진만 이용할 수 있습니다.',
  wrongRole: '이 작업을 할 권한이 없습니다.',
} as const;

/** The backend's reason when a member's token names another member's data. */
const OTHER_MEMBER_REFUSED = '본인의 정보만 조회할 수 있습니다.';

type StateParams = NonNullable<Parameters<ReturnType<PactV4['addInteraction']>['given']>[1]>;

/** One call that names another member (u-demo-2) with the token of DEMO_MEMBER, as `otherMemberIsRefused` declares it. */
export type OtherMemberCall = {
  /** The interaction's description (its name in the pact file). */
  description: string;
  /** Provider state and its parameters; `[MEMBER, DEMO_MEMBER]` when left out. */
  given?: readonly [state: string, params: StateParams];
  method: 'GET' | 'POST';
  path: string;
  query?: TemplateQuery;
  /** JSON request body, when the call sends one. */
  body?: unknown;
  /** Headers beside the common one and DEMO_MEMBER's bearer token. */
  headers?: Record<string, string>;
  /** The reason recorded to the letter instead of by type (as the earlier classroom and progress pacts have it). */
  exactReason?: boolean;
  /** The storefront's call, naming the other member, on the mock server's client. */
  call: (client: ApiClient) => Promise<unknown>;
};

/**
 * Declares and runs the attacker interaction "member u-demo-1 names another member's id": the request carries
 * DEMO_MEMBER's bearer token, the answer is 403 `{ success: false, respMessage: '본인의 정보만 조회할 수 있습니다.' }`,
 * and the call must reject with that status and message. The caller sets the access token source (DEMO_TOKEN).
 */
export function otherMemberIsRefused(pact: PactV4, c: OtherMemberCall): Promise<unknown> {
  const [state, params] = c.given ?? [MEMBER, DEMO_MEMBER];
  const bearer = MatchersV3.regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`);
  return pact
    .addInteraction()
    .given(state, params)
    .uponReceiving(c.description)
    .withRequest(c.method, c.path, (b) => {
      b.headers({ ...commonHeaders, Authorization: bearer, ...c.headers });
      if (c.query) b.query(c.query);
      if (c.body !== undefined) b.jsonBody(c.body);
    })
    .willRespondWith(403, (b) =>
      b.jsonBody({ success: false, respMessage: c.exactReason ? OTHER_MEMBER_REFUSED : MatchersV3.string(OTHER_MEMBER_REFUSED) }),
    )
    .executeTest(async (server) => {
      await expect(c.call(clientFor(server.url))).rejects.toMatchObject({
        name: 'ApiError',
        status: 403,
        message: OTHER_MEMBER_REFUSED,
      });
    });
}
