import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from '../testing';

const SECRET = 'states-secret-for-this-test';
let withSecret: TestServer;
let without: TestServer;

// Two in-memory servers from the run's template database: one as a verification host, one as any other instance.
beforeAll(async () => {
  [withSecret, without] = await Promise.all([testServer({ env: { PACT_STATES_SECRET: SECRET } }), testServer({ env: {} })]);
}, 120_000);
afterAll(() => Promise.all([withSecret?.close(), without?.close()]));

const setUp = (s: TestServer, body: unknown, secret: string | null = SECRET) =>
  fetch(`${s.url}/_pact/provider-states`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(secret === null ? {} : { 'x-pact-states-secret': secret }) },
    body: JSON.stringify(body),
  });
const cartState = { state: 'member has lectures in the cart', params: { useruid: 'u-demo-1', contentsids: [101, 106] }, action: 'setup' };
const cartIds = async (s: TestServer) =>
  ((await s.call('GET', '/api/Cart/list/lecture/u-demo-1/0')).json.datas.items as { contentsid: number }[]).map((i) => i.contentsid).sort();

describe('POST /_pact/provider-states', () => {
  it('is not there when PACT_STATES_SECRET is unset, and the data stays as it was', async () => {
    const before = await cartIds(without);
    const r = await setUp(without, cartState);
    expect(r.status).toBe(404);
    expect(await cartIds(without)).toEqual(before);
  });

  it('refuses a call without the secret (401) and with a wrong one (403), changing nothing', async () => {
    const before = await cartIds(withSecret);
    expect((await setUp(withSecret, cartState, null)).status).toBe(401);
    const wrong = await setUp(withSecret, cartState, `${SECRET}x`);
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ error: 'the x-pact-states-secret header is wrong' });
    expect(await cartIds(withSecret)).toEqual(before);
  });

  it('sets a state up with the handler contracts/provider/states.ts runs: the API then shows its data', async () => {
    const r = await setUp(withSecret, cartState);
    expect(r.status).toBe(200);
    expect(await cartIds(withSecret)).toEqual([101, 106]);
  });

  it('answers a teardown without changing anything', async () => {
    await setUp(withSecret, cartState);
    expect((await setUp(withSecret, { ...cartState, params: { useruid: 'u-demo-1', contentsids: [] }, action: 'teardown' })).status).toBe(200);
    expect(await cartIds(withSecret)).toEqual([101, 106]);
  });

  it('refuses a state no handler knows, a malformed body and parameters the handler cannot use, naming why', async () => {
    const unknown = await setUp(withSecret, { state: 'member is a teacher', params: {}, action: 'setup' });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error).toContain('unknown provider state "member is a teacher"');
    expect((await setUp(withSecret, { params: {}, action: 'setup' })).status).toBe(400);
    expect((await setUp(withSecret, { ...cartState, action: 'reset' })).status).toBe(400);
    const badParams = await setUp(withSecret, { state: 'member has lectures in the cart', params: { useruid: 'u-demo-1' }, action: 'setup' });
    expect(badParams.status).toBe(500);
    expect((await badParams.json()).error).toMatch(/contentsids.*list of integers/);
  });
});

describe('PACT_STATES_SECRET', () => {
  it('too short to resist guessing: the server does not start', async () => {
    await expect(testServer({ env: { PACT_STATES_SECRET: 'short' } })).rejects.toThrow(/PACT_STATES_SECRET must be at least 16 characters/);
  });
});
