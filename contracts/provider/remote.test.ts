import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { interactionCount, pactFiles } from './verify-pacts';

/**
 * A backend team's run: the provider is another process on its own port, reachable only over HTTP; the verifier
 * sets each state up through `POST /_pact/provider-states` and takes the member's token from a command of theirs.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SECRET = 'remote-verification-secret';
let provider: ChildProcess;
let url: string;

beforeAll(async () => {
  provider = spawn(process.execPath, ['--import', 'tsx', 'contracts/provider/provider-process.ts'], {
    cwd: ROOT,
    env: { ...process.env, PACT_STATES_SECRET: SECRET, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<never>((_, fail) => provider.once('exit', (code) => fail(new Error(`the provider exited (${code})`))));
  const line = createInterface({ input: provider.stdout! })[Symbol.asyncIterator]().next();
  url = JSON.parse(((await Promise.race([line, exited])) as IteratorResult<string>).value).url;
}, 120_000);
afterAll(() => {
  provider?.kill('SIGTERM');
});

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env } });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.once('close', (code) => done({ code, out }));
  });
}

const signInCommand = (base: string) =>
  `node -e "fetch('${base}/local/auth/sign-in',{method:'POST',headers:{'content-type':'application/json','X-Storefront-Client':'web/1.0'},body:JSON.stringify({email:'member@demo.kr',remember:false})}).then(r=>r.json()).then(j=>console.log(j.datas.accessToken))"`;

describe('npm run pact:verify -- --provider-base-url (a provider in another process)', () => {
  it('refuses the state endpoint a wrong secret', async () => {
    const r = await fetch(`${url}/_pact/provider-states`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-pact-states-secret': 'not-the-secret-at-all' },
      body: JSON.stringify({ state: 'member exists', params: { useruid: 'u-demo-1' }, action: 'setup' }),
    });
    expect(r.status).toBe(403);
  });

  it('stops before any interaction when the provider refuses the secret, saying so', async () => {
    const { code, out } = await run('npm', ['run', '-s', 'pact:verify', '--', '--provider-base-url', url], {
      PACT_STATES_SECRET: 'another-secret-of-16-chars',
      PACT_PROVIDER_TOKEN_CMD: signInCommand(url),
    });
    expect(out).toContain(`${url}/_pact/provider-states refused the secret (403): PACT_STATES_SECRET differs from the provider's`);
    expect(out).not.toContain('Verifying a pact between');
    expect(code).toBe(1);
  }, 60_000);

  // Twice on the same instance, as a staging host is verified build after build: each state sets up its own data
  // whatever the run before left (a withdrawn suggestion, orders moved to the archive, a lecture played).
  it('passes every interaction of every pact, twice in a row, states set up over HTTP, the token from PACT_PROVIDER_TOKEN_CMD', async () => {
    for (const round of [1, 2]) {
      const { code, out } = await run('npm', ['run', '-s', 'pact:verify', '--', '--provider-base-url', url], {
        PACT_STATES_SECRET: SECRET,
        PACT_PROVIDER_TOKEN: '',
        PACT_PROVIDER_TOKEN_CMD: signInCommand(url),
      });
      expect(out, `round ${round}: ${out.slice(-4000)}`).toContain(
        `[pact:verify] ${interactionCount(pactFiles())} interactions in ${pactFiles().length} pact file(s) verified against ${url} (states through ${url}/_pact/provider-states)`,
      );
      expect(code).toBe(0);
    }
  }, 360_000);
});
