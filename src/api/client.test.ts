import { describe, expect, it } from 'vitest';
import { createApiClient, datasOf, setAccessTokenSource } from './client';
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
