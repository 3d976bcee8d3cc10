// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createApiClient, datasOf } from '../../api/client';
import { ApiError, isWorthRetrying } from '../../api/errors';
import { InlineFailure } from './InlineFailure';
import { LOAD_FAILED_TEXT, RETRY_LABEL, SectionFailure } from './SectionFailure';

afterEach(cleanup);

/**
 * The three failures of the wire the browser's fault matrix makes (e2e/faultMatrix.ts, `failingNamedOperation`): a
 * 500 with an HTML body, a 200 whose JSON is cut off, a connection dropped before any answer. The matrix runs each
 * screen's calls under one of them in turn (every operation still meets all three, casesOf), because from here on the
 * three are one path: this file is the proof that lets the browser not load every page three times over.
 */
const WIRE_FAILURES: [string, typeof fetch][] = [
  ['500', (async () => new Response('<h1>Internal Server Error</h1>', { status: 500, headers: { 'content-type': 'text/html' } })) as typeof fetch],
  [
    'malformed JSON',
    (async () => new Response('{"success":true,"datas":{"list":[', { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } })) as typeof fetch,
  ],
  ['network error', (async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch],
];

async function failureOf(fetchImpl: typeof fetch): Promise<ApiError> {
  const client = createApiClient('http://api.test', fetchImpl);
  try {
    await datasOf(client.GET('/api/Stats/GetInfo/1'));
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected the call to fail');
}

describe('a failure of the wire reaches a screen the same way, whichever it was', () => {
  it.each(WIRE_FAILURES)('%s: a section says it could not load, gives a Korean reason and 다시 시도', async (_, fetchImpl) => {
    const error = await failureOf(fetchImpl);
    render(<SectionFailure error={error} onRetry={() => {}} />);
    const alert = screen.getByRole('alert');
    expect(alert.querySelector('.section-failure__title')?.textContent).toBe(LOAD_FAILED_TEXT);
    expect(alert.querySelector('.section-failure__reason')?.textContent).toMatch(/[가-힣]/);
    expect(screen.getByRole('button', { name: RETRY_LABEL })).toBeTruthy();
    cleanup();
    render(<InlineFailure subject="카테고리" error={error} onRetry={() => {}} />);
    expect(screen.getByRole('alert').textContent).toBe(`카테고리 ${LOAD_FAILED_TEXT}${RETRY_LABEL}`);
  });

  it('only the cut-off body is not asked again on its own (the same answer would come back): the matrix rotates it over screens too', async () => {
    const retried = await Promise.all(WIRE_FAILURES.map(async ([mode, f]) => [mode, isWorthRetrying(await failureOf(f))]));
    expect(Object.fromEntries(retried)).toEqual({ '500': true, 'malformed JSON': false, 'network error': true });
  });
});
