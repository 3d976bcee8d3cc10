import { describe, expect, it } from 'vitest';
import { alertError } from '../lib/popup';
import { createApiClient, datasOf, setAccessTokenSource, setSessionRejectedHandler, type ApiClient } from './client';
import { ApiError, NETWORK_FAILURE_MESSAGE, PARSE_FAILURE_MESSAGE } from './errors';

type Seen = { url: string; headers: Headers };

/** A stand-in for the network: answers every request with the given response and records what was sent. */
function fakeNetwork(respond: () => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fetchImpl = (async (input: Request | string | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    seen.push({ url: request.url, headers: request.headers });
    return respond();
  }) as typeof fetch;
  return { client: createApiClient('http://api.test', fetchImpl), seen };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function failureOf(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected the call to fail');
}

describe('api client', () => {
  it('returns datas of a successful envelope', async () => {
    const { client } = fakeNetwork(() => json({ success: true, datas: { membercnt: 1200 } }));
    const datas = await datasOf(client.GET('/api/Stats/GetInfo/1'));
    expect(datas).toMatchObject({ membercnt: 1200 });
  });

  it('turns success:false into an ApiError carrying the server respMessage', async () => {
    const { client } = fakeNetwork(() => json({ success: false, respMessage: '휴대폰 번호를 등록해주세요.' }));
    const error = await failureOf(client.GET('/api/Stats/GetInfo/1'));
    expect(error.kind).toBe('server');
    expect(error.message).toBe('휴대폰 번호를 등록해주세요.');
  });

  it('turns an HTTP failure into an ApiError with the server message and status', async () => {
    const { client } = fakeNetwork(() => json({ success: false, respMessage: '존재하지 않는 강의입니다.' }, 404));
    const error = await failureOf(client.GET('/api/Stats/GetInfo/1'));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(404);
    expect(error.message).toBe('존재하지 않는 강의입니다.');
  });

  it("shows a 403 (another member's data) as the server's message and keeps the session's token", async () => {
    setAccessTokenSource(() => 'member-token');
    try {
      const { client, seen } = fakeNetwork(() => json({ success: false, respMessage: '본인의 정보만 조회할 수 있습니다.' }, 403));
      const error = await failureOf(client.GET('/api/Point/GetPointSum/{useruid}', { params: { path: { useruid: 'u-other' } } }));
      expect([error.kind, error.status, error.message]).toEqual(['http', 403, '본인의 정보만 조회할 수 있습니다.']);
      await failureOf(client.GET('/api/Point/GetPointSum/{useruid}', { params: { path: { useruid: 'u-other' } } }));
      expect(seen.map((r) => r.headers.get('Authorization'))).toEqual(['Bearer member-token', 'Bearer member-token']);
    } finally {
      setAccessTokenSource(() => undefined);
    }
  });

  it('turns an HTTP failure without a JSON body into an ApiError with a Korean fallback message', async () => {
    const { client } = fakeNetwork(() => new Response('Bad Gateway', { status: 502, headers: { 'content-type': 'text/plain' } }));
    const error = await failureOf(client.GET('/api/Stats/GetInfo/1'));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/다시 시도/);
  });

  it('turns a network failure into an ApiError', async () => {
    const { client } = fakeNetwork(() => {
      throw new TypeError('fetch failed');
    });
    const error = await failureOf(client.GET('/api/Stats/GetInfo/1'));
    expect(error.kind).toBe('network');
    expect(error.message).toBe(NETWORK_FAILURE_MESSAGE);
  });

  it('turns an unparsable body into an ApiError', async () => {
    const { client } = fakeNetwork(
      () => new Response('{"success": tru', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    const error = await failureOf(client.GET('/api/Stats/GetInfo/1'));
    expect(error.kind).toBe('parse');
    expect(error.message).toBe(PARSE_FAILURE_MESSAGE);
  });

  it('turns a body that is not the envelope into an ApiError', async () => {
    const { client } = fakeNetwork(() => json({ data: [1, 2, 3] }));
    const error = await failureOf(client.GET('/api/Stats/GetInfo/1'));
    expect(error.kind).toBe('parse');
  });

  it('sends the application id and key only on the category call', async () => {
    const { client, seen } = fakeNetwork(() => json({ success: true, datas: [] }));
    await client.GET('/api/Category/GetList/category', { params: { query: { isactive: 1, pcategoryid: 0 } } });
    await client.GET('/api/Stats/GetInfo/1');
    const [category, stats] = seen;
    expect(category?.url).toBe('http://api.test/api/Category/GetList/category?isactive=1&pcategoryid=0');
    expect(category?.headers.get('X-Application-Id')).toBeTruthy();
    expect(category?.headers.get('X-Application-Key')).toBeTruthy();
    expect(stats?.headers.get('X-Application-Id')).toBeNull();
    expect(stats?.headers.get('X-Storefront-Client')).toBe('web/1.0');
  });
});

describe('a session the API refuses (issue 23: leaving ends every token)', () => {
  const UNAUTHORIZED = () => json({ success: false, respMessage: '로그인 후 이용해주세요.' }, 401);
  async function run(sessionToken: string | undefined, call: (client: ReturnType<typeof fakeNetwork>['client']) => Promise<unknown>, respond = UNAUTHORIZED) {
    let told = 0;
    setAccessTokenSource(() => sessionToken);
    setSessionRejectedHandler(() => void told++);
    try {
      const { client } = fakeNetwork(respond);
      return { error: await failureOf(call(client)), told: () => told };
    } finally {
      setAccessTokenSource(() => undefined);
      setSessionRejectedHandler(() => {});
    }
  }
  const cartAdd = (client: ReturnType<typeof fakeNetwork>['client']) =>
    client.GET('/api/Cart/{type}/{itemtype}/{useruid}/{contentsid}', {
      params: { path: { type: 'add', itemtype: 'lecture', useruid: 'u-demo-1', contentsid: 109 } },
    });

  it("a 401 to the session's own token tells the sign-out, and marks the error so no screen repeats it", async () => {
    const { error, told } = await run('member-token', cartAdd);
    expect([error.status, error.sessionEnded, told()]).toEqual([401, true, 1]);
    // alertError stays silent for it (the sign-out says '로그인이 만료되었습니다.' once); it would otherwise load sweetalert2.
    await expect(alertError(error)).resolves.toBeUndefined();
  });

  it('a 401 to another token (a sign-in in progress) or with no session is not the session ending', async () => {
    const other = await run('member-token', (client) =>
      client.POST('/api/CheckUserAccount/', { body: { email: 'member@demo.kr' }, headers: { Authorization: 'Bearer provider-token' } }),
    );
    expect([other.error.status, other.error.sessionEnded, other.told()]).toEqual([401, false, 0]);
    const visitor = await run(undefined, cartAdd);
    expect([visitor.error.sessionEnded, visitor.told()]).toEqual([false, 0]);
  });

  it('a 401 arriving after another refused call already ended the session is silent too, and tells nothing twice', async () => {
    let token: string | undefined = 'member-token';
    let told = 0;
    setAccessTokenSource(() => token);
    setSessionRejectedHandler(() => void told++);
    try {
      // The sign-out clears the token while this call is under way.
      const { client } = fakeNetwork(() => {
        token = undefined;
        return UNAUTHORIZED();
      });
      const error = await failureOf(cartAdd(client));
      expect([error.sessionEnded, told]).toEqual([true, 0]);
    } finally {
      setAccessTokenSource(() => undefined);
      setSessionRejectedHandler(() => {});
    }
  });

  it('a 403 (another member named) keeps the session', async () => {
    const { error, told } = await run('member-token', cartAdd, () => json({ success: false, respMessage: '본인의 정보만 조회할 수 있습니다.' }, 403));
    expect([error.status, error.sessionEnded, told()]).toEqual([403, false, 0]);
  });
});

describe('a call refused 401 is replayed once after the refresh (issue 41)', () => {
  const UNAUTHORIZED = () => json({ success: false, respMessage: '로그인 후 이용해주세요.' }, 401);
  type Sent = { url: string; method: string; authorization: string | null; key: string | null; body: string };

  /** The network answers 401 to every token in `refused`; the auth layer's refresh hands out `fresh` (or fails). */
  async function session(options: { refused: string[]; refresh: 'fresh' | 'fails' }, call: (client: ApiClient) => Promise<unknown>) {
    let token = 'expired-token';
    const sent: Sent[] = [];
    let refreshes = 0;
    setAccessTokenSource(() => token);
    setSessionRejectedHandler(async () => {
      refreshes++;
      if (options.refresh === 'fails' || refreshes > 1) return false;
      token = 'fresh-token';
      return true;
    });
    const fetchImpl = (async (input: Request | string | URL) => {
      const request = input instanceof Request ? input : new Request(input);
      const authorization = request.headers.get('Authorization');
      sent.push({ url: request.url, method: request.method, authorization, key: request.headers.get('Idempotency-Key'), body: await request.text() });
      return options.refused.some((t) => authorization === `Bearer ${t}`) ? UNAUTHORIZED() : json({ success: true, datas: { membercnt: 7 } });
    }) as typeof fetch;
    try {
      const outcome: { value?: unknown; error?: ApiError } = await call(createApiClient('http://api.test', fetchImpl)).then(
        (value) => ({ value }),
        (error: unknown) => ({ error: error as ApiError }),
      );
      return { ...outcome, sent, refreshes: () => refreshes };
    } finally {
      setAccessTokenSource(() => undefined);
      setSessionRejectedHandler(() => {});
    }
  }
  const myLectures = (client: ApiClient) =>
    datasOf(client.POST('/api/Contents/GetMyLectures/', { body: { useruid: 'u-demo-1', status: 'ing', page: 1, pageSize: 10 } }));

  it('sends the same request again with the refreshed token, and the caller gets its answer', async () => {
    const r = await session({ refused: ['expired-token'], refresh: 'fresh' }, myLectures);
    expect(r.value).toEqual({ membercnt: 7 });
    expect(r.sent.map((s) => s.authorization)).toEqual(['Bearer expired-token', 'Bearer fresh-token']);
    expect(r.sent[1]).toMatchObject({ url: r.sent[0]!.url, method: 'POST', body: r.sent[0]!.body });
    expect(JSON.parse(r.sent[1]!.body)).toMatchObject({ useruid: 'u-demo-1', status: 'ing' });
    expect(r.refreshes()).toBe(1);
  });

  it('never a second time: refused again with the fresh token, the session has ended', async () => {
    const r = await session({ refused: ['expired-token', 'fresh-token'], refresh: 'fresh' }, myLectures);
    expect(r.sent).toHaveLength(2);
    expect([r.error?.status, r.error?.sessionEnded]).toEqual([401, true]);
    expect(r.refreshes()).toBe(2); // the second refusal is the auth layer's to end the session
  });

  it('no replay when the refresh fails (the session has ended)', async () => {
    const r = await session({ refused: ['expired-token'], refresh: 'fails' }, myLectures);
    expect(r.sent).toHaveLength(1);
    expect([r.error?.status, r.error?.sessionEnded]).toEqual([401, true]);
  });

  it('a payment write is replayed only with its Idempotency-Key: the same order, never a second one', async () => {
    const order = { useruid: 'u-demo-1', contentsids: [109], title: '주문', amount: 1000, pointused: 0, couponnumber: null, coupondiscount: 0, paidamount: 1000, paymethod: 'card' as const };
    const keyed = await session({ refused: ['expired-token'], refresh: 'fresh' }, (client) =>
      client.POST('/api/Payment/Save/', { body: order, headers: { 'Idempotency-Key': 'order-attempt-1' } }),
    );
    expect(keyed.sent.map((s) => [s.authorization, s.key])).toEqual([
      ['Bearer expired-token', 'order-attempt-1'],
      ['Bearer fresh-token', 'order-attempt-1'],
    ]);
    const unkeyed = await session({ refused: ['expired-token'], refresh: 'fresh' }, (client) => client.POST('/api/Payment/Save/', { body: order }));
    expect(unkeyed.sent).toHaveLength(1);
    expect([unkeyed.error?.status, unkeyed.error?.sessionEnded]).toEqual([401, true]);
  });
});
