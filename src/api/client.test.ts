import { describe, expect, it } from 'vitest';
import { alertError } from '../lib/popup';
import { createApiClient, datasOf, setAccessTokenSource, setSessionRejectedHandler } from './client';
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
    setSessionRejectedHandler(() => told++);
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
    setSessionRejectedHandler(() => told++);
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
