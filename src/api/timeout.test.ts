import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, datasOf } from './client';
import { ApiError, TIMEOUT_MESSAGE, isWorthRetrying } from './errors';
import { REQUEST_TIMEOUT_MS } from './timeout';

afterEach(() => vi.useRealTimers());

/** A server that never answers: the request only ends when its signal aborts it. */
function silentServer() {
  const seen: Request[] = [];
  const fetchImpl = ((input: Request, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      seen.push(input);
      const signal = init?.signal ?? input.signal;
      if (signal.aborted) reject(signal.reason as Error);
      signal.addEventListener('abort', () => reject(signal.reason as Error));
    })) as typeof fetch;
  return { client: createApiClient('http://api.test', fetchImpl), seen };
}

async function failureOf(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected the call to fail');
}

describe('request time-out', () => {
  it('aborts a call unanswered after REQUEST_TIMEOUT_MS and fails it with the Korean delay message', async () => {
    vi.useFakeTimers();
    const { client, seen } = silentServer();
    let settled = false;
    const call = failureOf(datasOf(client.GET('/api/Stats/GetInfo/1'))).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await call;
    expect(error).toBeInstanceOf(ApiError);
    expect([(error as ApiError).kind, (error as ApiError).message]).toEqual(['timeout', TIMEOUT_MESSAGE]);
    expect((error as ApiError).operation).toBe('GET /api/Stats/GetInfo/1');
    expect(seen).toHaveLength(1);
    expect(REQUEST_TIMEOUT_MS).toBe(15_000);
  });

  it("leaves an answer in time alone and still honours the caller's own cancel", async () => {
    const answering = createApiClient(
      'http://api.test',
      (async () =>
        new Response(JSON.stringify({ success: true, datas: { membercnt: 3 } }), {
          headers: { 'content-type': 'application/json' },
        })) as typeof fetch,
    );
    await expect(datasOf(answering.GET('/api/Stats/GetInfo/1'))).resolves.toMatchObject({ membercnt: 3 });

    const { client } = silentServer();
    const controller = new AbortController();
    const call = failureOf(client.GET('/api/Stats/GetInfo/1', { signal: controller.signal }));
    controller.abort();
    const error = await call;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('network');
  });

  it('is not retried on its own, nor is a 4xx or success:false; a 5xx and a dropped connection are', () => {
    expect(isWorthRetrying(new ApiError('timeout', TIMEOUT_MESSAGE))).toBe(false);
    expect(isWorthRetrying(new ApiError('http', '없음', 404))).toBe(false);
    expect(isWorthRetrying(new ApiError('server', '거절', 200))).toBe(false);
    expect(isWorthRetrying(new ApiError('http', '오류', 500))).toBe(true);
    expect(isWorthRetrying(new ApiError('network', '끊김'))).toBe(true);
  });
});
