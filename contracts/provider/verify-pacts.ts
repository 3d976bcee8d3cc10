import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Verifier } from '@pact-foundation/pact';
import { sql } from 'kysely';

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

/**
 * Provider states are named after data. The seed already holds most of them; the handlers only
 * add what a state needs beyond it (they receive the DB when verifying our own server).
 */
export function stateHandlers(db?: any) {
  const noop = async () => undefined;
  return new Proxy({} as Record<string, () => Promise<unknown>>, {
    get(_t, name: string) {
      const cart = /^member (\S+) has (\d+) items? in the cart$/.exec(name);
      if (cart && db) {
        return async () => {
          const [, useruid, n] = cart;
          await sql`delete from carts where useruid = ${useruid}`.execute(db);
          const ids = [104, 106, 107, 108, 109, 111].slice(0, Number(n));
          for (const id of ids) await sql`insert into carts (useruid, contentsid, itemtype, optionvalue, created_at) values (${useruid}, ${id}, 'lecture', '', '2024-05-01 10:00:00')`.execute(db);
        };
      }
      return noop;
    },
    has: () => true,
    ownKeys: () => [],
  });
}

export async function verifyPacts(opts: { baseUrl: string; files: string[]; db?: any; logLevel?: 'error' | 'warn' | 'info' }) {
  const token = await demoToken(opts.baseUrl);
  return new Verifier({
    provider: 'storefront-api',
    providerBaseUrl: opts.baseUrl,
    pactUrls: opts.files,
    logLevel: opts.logLevel ?? 'warn',
    stateHandlers: stateHandlers(opts.db),
    requestFilter: (req: { headers: Record<string, string> }, _res: unknown, next: () => void) => {
      // Pacts record a placeholder bearer token; swap in a real one for the demo member.
      if (token && req.headers.authorization) req.headers.authorization = `Bearer ${token}`;
      next();
    },
  }).verifyProvider();
}
