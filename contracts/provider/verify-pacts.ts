import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Verifier } from '@pact-foundation/pact';
import type { Kysely } from 'kysely';
import { freshStateHandlers, type StateParams } from './states';

export const PACT_DIR = fileURLToPath(new URL('../pacts', import.meta.url));

export function pactFiles(dir = PACT_DIR): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => join(dir, f));
}

/**
 * The member's bearer token the recorded pacts stand for (their placeholder names u-demo-1): the provider's own
 * (`PACT_PROVIDER_TOKEN`, or the stdout of `PACT_PROVIDER_TOKEN_CMD`), else the local sign-in when the provider has
 * one (the reference backend in local mode). Undefined when neither gives one.
 */
export async function memberToken(baseUrl: string, env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  if (env.PACT_PROVIDER_TOKEN) return env.PACT_PROVIDER_TOKEN;
  if (env.PACT_PROVIDER_TOKEN_CMD) {
    const out = execSync(env.PACT_PROVIDER_TOKEN_CMD, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
    if (!out) throw new Error('PACT_PROVIDER_TOKEN_CMD printed no token');
    return out.replace(/^Bearer\s+/i, '');
  }
  try {
    const r = await fetch(`${baseUrl}/local/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json', 'X-Storefront-Client': 'web/1.0' }, body: JSON.stringify({ email: 'member@demo.kr', remember: false }) });
    return r.ok ? (await r.json()).datas?.accessToken : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How the pacts record a 회원 화면으로 보기 grant (`X-View-As`): `pact-view-as:<member's email>:<contentsid>`, a grant
 * only the provider can sign. The verifier opens that member's view of that class through the provider's own
 * `POST /api/Admin/Members/ViewAs`, as the staff member the token names, and sends the grant it answers.
 */
const VIEW_AS_PLACEHOLDER = /^pact-view-as:([^:]+):(\d+)$/;

async function openViewAs(baseUrl: string, token: string, email: string, contentsid: number): Promise<string> {
  const r = await fetch(`${baseUrl.replace(/\/+$/, '')}/api/Admin/Members/ViewAs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Storefront-Client': 'web/1.0', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ email, contentsid, reason: 'pact verification' }),
  });
  const body = (await r.json().catch(() => undefined)) as { datas?: { grant?: string }; respMessage?: string } | undefined;
  if (!r.ok || !body?.datas?.grant) throw new Error(`the provider answered ${r.status} ${body?.respMessage ?? ''}`);
  return body.datas.grant;
}

/** Where a running provider sets states up (server/http/providerStates.ts); PACT_STATES_URL for another path. */
export function statesUrl(baseUrl: string, env: NodeJS.ProcessEnv = process.env): string {
  return env.PACT_STATES_URL || `${baseUrl.replace(/\/+$/, '')}/_pact/provider-states`;
}

/** The body pact's `stateChangeUrl` sends, with the shared secret, to a running provider's state endpoint. */
function postState(url: string, secret: string, state: string, params: StateParams, action: 'setup' | 'teardown'): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-pact-states-secret': secret },
    body: JSON.stringify({ state, params, action }),
  });
}

/** Each state set up by the provider itself. */
function remoteStateHandlers(url: string, secret: string, names: string[]): Record<string, (params: StateParams) => Promise<void>> {
  const setUp = (state: string) => async (params: StateParams) => {
    const r = await postState(url, secret, state, params, 'setup');
    if (!r.ok) throw new Error(`${url} answered ${r.status}: ${(await r.text()).slice(0, 300)}`);
  };
  return Object.fromEntries(names.map((name) => [name, setUp(name)]));
}

/** How many interactions the pact files hold (what a passing verification verified). */
export function interactionCount(files: string[]): number {
  return files.reduce((n, file) => n + (JSON.parse(readFileSync(file, 'utf8')).interactions?.length ?? 0), 0);
}

/** Provider states the pacts name that no handler in `states.ts` knows: each one fails verification. */
export function unknownStates(files: string[], known: Record<string, unknown>): string[] {
  const unknown: string[] = [];
  for (const file of files) {
    const pact = JSON.parse(readFileSync(file, 'utf8'));
    for (const i of pact.interactions ?? [])
      for (const s of i.providerStates ?? [])
        if (!Object.hasOwn(known, s.name)) unknown.push(`unknown provider state "${s.name}" (${basename(file)}: "${i.description}")`);
  }
  return unknown;
}

export interface VerifyOptions {
  baseUrl: string;
  files: string[];
  /** In-process: states written straight into this database. */
  db?: Kysely<any>;
  /** A running provider: states set up through its endpoint with this secret (PACT_STATES_SECRET). */
  statesSecret?: string;
  /** The member's bearer token; default `memberToken(baseUrl)`. */
  token?: string;
  logLevel?: 'error' | 'warn' | 'info';
}

export async function verifyPacts(opts: VerifyOptions) {
  const local = freshStateHandlers(opts.db);
  const handlers =
    !opts.db && opts.statesSecret ? remoteStateHandlers(statesUrl(opts.baseUrl), opts.statesSecret, Object.keys(local)) : local;
  const unknown = unknownStates(opts.files, handlers);
  if (unknown.length) throw new Error(`${unknown.join('\n')}\nadd a handler in contracts/provider/states.ts`);
  // pact-js logs a handler's error and carries on; collected here, any of them fails the verification.
  const stateErrors: string[] = [];
  const recording = Object.fromEntries(
    Object.entries(handlers).map(([name, handler]) => [
      name,
      async (params?: unknown) => {
        try {
          await handler((params ?? {}) as StateParams);
        } catch (e) {
          stateErrors.push(`provider state "${name}" ${JSON.stringify(params ?? {})}: ${(e as Error).message}`);
        }
        return undefined;
      },
    ]),
  );
  if (!opts.db && opts.statesSecret) await checkStatesEndpoint(statesUrl(opts.baseUrl), opts.statesSecret);
  const token = opts.token ?? (await memberToken(opts.baseUrl));
  const verifying = new Verifier({
    provider: 'storefront-api',
    providerBaseUrl: opts.baseUrl,
    pactUrls: opts.files,
    logLevel: opts.logLevel ?? 'warn',
    stateHandlers: recording,
    requestFilter: (req: { headers: Record<string, string> }, _res: unknown, next: () => void) => {
      // Pacts record a placeholder bearer token; swap in the provider's real one for that member.
      if (token && req.headers.authorization) req.headers.authorization = `Bearer ${token}`;
      // And a placeholder 회원 화면으로 보기 grant: opened for real, by that member as staff (the interaction's state).
      const viewAs = VIEW_AS_PLACEHOLDER.exec(req.headers['x-view-as'] ?? '');
      if (!token || !viewAs) return next();
      void openViewAs(opts.baseUrl, token, viewAs[1]!, Number(viewAs[2]))
        .then((grant) => {
          req.headers['x-view-as'] = grant;
        })
        .catch((e: Error) => stateErrors.push(`a 회원 화면으로 보기 grant for ${viewAs[0]}: ${e.message}`))
        .finally(next);
    },
  }).verifyProvider();
  // A failed state explains the interaction failures after it, so it is named first.
  const states = () => (stateErrors.length ? `provider states could not be set up:\n${stateErrors.join('\n')}\n` : '');
  const result = await verifying.catch((e: Error) => {
    throw new Error(`${states()}${failedInteractions(e.message)}`);
  });
  if (stateErrors.length) throw new Error(states());
  return result;
}

/**
 * Before any interaction: the provider's state endpoint is there and takes the secret. Otherwise every interaction
 * would fail on its own data, and the one cause would sit under a hundred mismatches.
 */
async function checkStatesEndpoint(url: string, secret: string): Promise<void> {
  const r = await postState(url, secret, 'the demo catalogue is seeded', {}, 'teardown').catch((e: Error) => {
    throw new Error(`the provider-states endpoint ${url} is unreachable: ${e.message}`);
  });
  if (r.status === 404) throw new Error(`${url} answered 404: the provider serves no provider-states endpoint there (start it with PACT_STATES_SECRET, or set PACT_STATES_URL)`);
  if (r.status === 401 || r.status === 403) throw new Error(`${url} refused the secret (${r.status}): PACT_STATES_SECRET differs from the provider's`);
  if (!r.ok) throw new Error(`${url} answered ${r.status}: ${(await r.text()).slice(0, 300)}`);
}

/** pact-js rejects with its whole JSON report; the readable report is already printed above it, so name the failures. */
function failedInteractions(message: string): string {
  try {
    const report = JSON.parse(message) as { errors?: { interaction?: string }[] };
    const names = (report.errors ?? []).map((e) => `  - ${e.interaction ?? 'an interaction'}`);
    return `${names.length} interaction(s) failed (the report above says how):\n${names.join('\n')}`;
  } catch {
    return message;
  }
}
