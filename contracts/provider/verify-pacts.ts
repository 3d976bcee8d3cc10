import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Verifier } from '@pact-foundation/pact';
import { sql } from 'kysely';
import { uploadedFile } from '../consumer/fixtures';

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
      const uploaded = /^member (\S+) has uploaded (\S+)$/.exec(name);
      if (uploaded && db) return () => ensureUpload(db, uploaded[1]!, uploaded[2]!);
      // A member's attachments must be their own uploads (SaveSuggest checks it): the consumer's
      // attachment fixture counts as uploaded by any member a state names.
      const member = /^member (\S+) exists$/.exec(name);
      if (member && db) return () => ensureUpload(db, member[1]!, uploadedFile.filename, uploadedFile.originalFilename);
      const session = /^member (\S+) has the active session token (\S+)$/.exec(name);
      if (session && db) {
        return async () => {
          const [, id, token] = session;
          await sql`insert into users (id, last_login, active_session_token) values (${id}, '2024-05-01T10:00:00', ${token})
            on conflict (id) do update set active_session_token = excluded.active_session_token`.execute(db);
        };
      }
      const noRow = /^member (\S+) has no users row$/.exec(name);
      if (noRow && db) return async () => void (await sql`delete from users where id = ${noRow[1]}`.execute(db));
      return noop;
    },
    has: () => true,
    ownKeys: () => [],
  });
}

async function ensureUpload(db: any, useruid: string, filename: string, originalFilename = filename): Promise<void> {
  await sql`insert into uploads (filename, original_filename, size, content_type, created_at, uploaded_by)
    values (${filename}, ${originalFilename}, 37, 'text/plain', '2024-03-15 10:00:00', ${useruid})
    on conflict (filename) do update set uploaded_by = excluded.uploaded_by`.execute(db);
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
