import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Verifier } from '@pact-foundation/pact';
import type { Kysely } from 'kysely';
import { stateHandlers, type StateParams } from './states';

export const PACT_DIR = fileURLToPath(new URL('../pacts', import.meta.url));

export function pactFiles(dir = PACT_DIR): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => join(dir, f));
}

/** Issues a valid local access token for the demo member; recorded pacts carry placeholder tokens. */
async function demoToken(baseUrl: string): Promise<string | undefined> {
  try {
    const r = await fetch(`${baseUrl}/local/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json', 'X-Storefront-Client': 'web/1.0' }, body: JSON.stringify({ email: 'member@demo.kr', remember: false }) });
    return (await r.json()).datas?.accessToken;
  } catch {
    return undefined;
  }
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

export async function verifyPacts(opts: { baseUrl: string; files: string[]; db?: Kysely<any>; logLevel?: 'error' | 'warn' | 'info' }) {
  const handlers = stateHandlers(opts.db);
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
  const token = await demoToken(opts.baseUrl);
  const result = await new Verifier({
    provider: 'storefront-api',
    providerBaseUrl: opts.baseUrl,
    pactUrls: opts.files,
    logLevel: opts.logLevel ?? 'warn',
    stateHandlers: recording,
    requestFilter: (req: { headers: Record<string, string> }, _res: unknown, next: () => void) => {
      // Pacts record a placeholder bearer token; swap in a real one for the demo member.
      if (token && req.headers.authorization) req.headers.authorization = `Bearer ${token}`;
      next();
    },
  }).verifyProvider();
  if (stateErrors.length) throw new Error(`provider states could not be set up:\n${stateErrors.join('\n')}`);
  return result;
}
