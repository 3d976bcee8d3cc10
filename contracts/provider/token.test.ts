import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { memberToken } from './verify-pacts';

// A backend team's API: no /local/auth/sign-in (everything it does not know answers 404), and it counts sign-in tries.
let api: Server;
let base: string;
let signInTries = 0;
beforeAll(async () => {
  api = createServer((req, res) => {
    if (req.url === '/local/auth/sign-in') signInTries++;
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found"}');
  });
  await new Promise<void>((ok) => api.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((done) => api.close(done)));

describe("the verifier's member token", () => {
  it("is the provider's own from PACT_PROVIDER_TOKEN, without trying a local sign-in", async () => {
    const before = signInTries;
    expect(await memberToken(base, { PACT_PROVIDER_TOKEN: 'their-token' })).toBe('their-token');
    expect(signInTries).toBe(before);
  });

  it('is what PACT_PROVIDER_TOKEN_CMD prints (a leading "Bearer " dropped)', async () => {
    expect(await memberToken(base, { PACT_PROVIDER_TOKEN_CMD: 'echo "Bearer  cmd-token "' })).toBe('cmd-token');
  });

  it('fails, naming the command, when PACT_PROVIDER_TOKEN_CMD fails or prints nothing', async () => {
    await expect(memberToken(base, { PACT_PROVIDER_TOKEN_CMD: 'exit 3' })).rejects.toThrow(/exit 3/);
    await expect(memberToken(base, { PACT_PROVIDER_TOKEN_CMD: 'true' })).rejects.toThrow('PACT_PROVIDER_TOKEN_CMD printed no token');
  });

  it('is none when the provider has no local sign-in and no variable names one', async () => {
    const before = signInTries;
    expect(await memberToken(base, {})).toBeUndefined();
    expect(signInTries).toBe(before + 1);
  });
});
