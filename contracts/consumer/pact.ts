import { PactV4, MatchersV3 } from '@pact-foundation/pact';
import { createApiClient } from '../../src/api/client';
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
