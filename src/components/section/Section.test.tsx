// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { ApiError, TIMEOUT_MESSAGE } from '../../api/errors';
import { createApiClient, datasOf, type ApiClient } from '../../api/client';
import { abortableQueryCalls } from '../../api/callSignal';
import { REQUEST_TIMEOUT_MS } from '../../api/timeout';
import { Section } from './Section';
import { QueryState } from './QueryState';
import { Pending, SLOW_AFTER_MS, SLOW_TEXT, STALLED_AFTER_MS, STALLED_TEXT } from './Pending';
import { LOAD_FAILED_TEXT, RETRY_LABEL } from './SectionFailure';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Renders inside a router (the 404 card links back) and a fresh query cache that never retries on its own. */
function renderPage(page: () => ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const root = createRootRoute({ component: () => <QueryClientProvider client={queryClient}>{page()}</QueryClientProvider> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(<RouterProvider router={router} />);
}

/** A call that fails with each of `failures` in turn, then answers `answer`. */
function callFailing(failures: unknown[], answer: string) {
  const queue = [...failures];
  return vi.fn(async () => {
    const failure = queue.shift();
    if (failure) throw failure;
    return answer;
  });
}

function Strip({ fn }: { fn: () => Promise<string> }) {
  const query = useQuery({ queryKey: ['strip'], queryFn: fn });
  return (
    <QueryState query={query} notFound={{ title: '없는 게시물입니다.', back: { to: '/', label: '목록으로' } }}>
      {(text) => <p>{text}</p>}
    </QueryState>
  );
}

function SuspenseBanner({ fn }: { fn: () => Promise<string> }) {
  const { data } = useSuspenseQuery({ queryKey: ['banner'], queryFn: fn });
  return <p>{data}</p>;
}

describe('QueryState', () => {
  it('shows a 500 as a Korean alert with the reason, and 다시 시도 loads the section', async () => {
    const fn = callFailing([new ApiError('http', '서버 오류입니다.', 500)], '새로 열린 클래스');
    renderPage(() => <Strip fn={fn} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(LOAD_FAILED_TEXT);
    expect(alert.textContent).toContain('서버 오류입니다.');
    fireEvent.click(screen.getByRole('button', { name: RETRY_LABEL }));
    expect(await screen.findByText('새로 열린 클래스')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it("shows success:false as the server's own message with a retry", async () => {
    renderPage(() => <Strip fn={callFailing([new ApiError('server', '휴대폰 번호를 등록해주세요.', 200)], 'x')} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('휴대폰 번호를 등록해주세요.');
    expect(alert.textContent).not.toContain(LOAD_FAILED_TEXT);
    expect(screen.getByRole('button', { name: RETRY_LABEL })).toBeTruthy();
  });

  it('shows a time-out as the delay message with a retry', async () => {
    renderPage(() => <Strip fn={callFailing([new ApiError('timeout', TIMEOUT_MESSAGE)], 'x')} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('응답이 지연되고 있습니다. 잠시 후 다시 시도해주세요.');
    expect(screen.getByRole('button', { name: RETRY_LABEL })).toBeTruthy();
  });

  it('shows a 404 as a not-found card with a way back and no retry', async () => {
    renderPage(() => <Strip fn={callFailing([new ApiError('http', '요청하신 공지사항을 찾을 수 없습니다.', 404)], 'x')} />);
    expect(await screen.findByRole('heading', { name: '없는 게시물입니다.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '목록으로' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: RETRY_LABEL })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Section', () => {
  it('keeps a failed suspense section to itself: the sibling renders, and 다시 시도 loads it', async () => {
    const fn = callFailing([new TypeError('Failed to fetch')], '메인 배너');
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports what the boundary caught
    renderPage(() => (
      <>
        <Section>
          <SuspenseBanner fn={fn} />
        </Section>
        <p>수강생 리얼 후기</p>
      </>
    ));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(LOAD_FAILED_TEXT);
    expect(screen.getByText('수강생 리얼 후기')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: RETRY_LABEL }));
    expect(await screen.findByText('메인 배너')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('catches a rendering fault (a chunk that did not load) with the same message', async () => {
    function Broken(): ReactNode {
      throw new Error('Failed to fetch dynamically imported module');
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage(() => (
      <Section>
        <Broken />
      </Section>
    ));
    expect((await screen.findByRole('alert')).textContent).toContain(LOAD_FAILED_TEXT);
  });
});

describe('Pending', () => {
  const inCache = (node: ReactNode) => <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>;

  it('says it is still loading after 3 s and that the answer is late after 5 s, on a line that was there from the start', () => {
    vi.useFakeTimers();
    const { container } = render(
      inCache(
        <Pending>
          <span>skeleton</span>
        </Pending>,
      ),
    );
    // The line that will hold the notice and its button is laid out (empty) before anything is said.
    const line = container.querySelector('.section-wait');
    expect(line).not.toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
    act(() => vi.advanceTimersByTime(SLOW_AFTER_MS - 1));
    expect(screen.getByRole('status').textContent).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toBe(SLOW_TEXT);
    expect(SLOW_TEXT).toBe('불러오는 중입니다…');
    act(() => vi.advanceTimersByTime(STALLED_AFTER_MS - SLOW_AFTER_MS - 1));
    expect(screen.queryByRole('button', { name: RETRY_LABEL })).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toBe('응답이 늦어지고 있습니다.');
    expect(screen.getByRole('status').textContent).toBe(STALLED_TEXT);
    // The same line, not a new block pushed in under the skeleton.
    expect(screen.getByRole('button', { name: RETRY_LABEL }).parentElement).toBe(line);
    expect(screen.getByRole('status').parentElement).toBe(line);
  });
});

/**
 * The app's client over a network whose first request hangs until aborted and whose later ones answer `text`
 * (as the FAQ list's one entry); `aborted` counts the hung requests that were aborted.
 */
function hangingOnce(text: string) {
  const seen = { requests: 0, aborted: 0 };
  const fetchImpl = ((_: Request, init: RequestInit) => {
    seen.requests++;
    if (seen.requests === 1)
      return new Promise<Response>((_, reject) =>
        init.signal?.addEventListener('abort', () => {
          seen.aborted++;
          reject(new DOMException('aborted', 'AbortError'));
        }),
      );
    return Promise.resolve(
      new Response(JSON.stringify({ success: true, datas: { list: [{ question: text }] } }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
  }) as typeof fetch;
  return { client: createApiClient('http://api.test', fetchImpl), seen };
}

const faqTitle = (client: ApiClient) => async () =>
  (await datasOf(client.POST('/api/Board/GetFaqs/', { body: { page: 1, pageSize: 1 } }))).list.map((f) => f.question).join();

function FaqStrip({ client }: { client: ApiClient }) {
  const query = useQuery({ queryKey: ['faqs'], queryFn: faqTitle(client) });
  return <QueryState query={query}>{(text) => <p>{text}</p>}</QueryState>;
}

function SuspenseFaq({ client }: { client: ApiClient }) {
  const { data } = useSuspenseQuery({ queryKey: ['faqs-suspense'], queryFn: faqTitle(client) });
  return <p>{data}</p>;
}

/** As the app's cache is set up (src/router.tsx): each query's call can be aborted. */
function renderInAppCache(node: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, behavior: abortableQueryCalls } } });
  render(<QueryClientProvider client={queryClient}>{node}</QueryClientProvider>);
}

async function wait(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe('a call that hangs', () => {
  it.each([
    ['a useQuery section (QueryState)', (client: ApiClient) => <FaqStrip client={client} />],
    [
      'a suspense section (Section)',
      (client: ApiClient) => (
        <Section>
          <SuspenseFaq client={client} />
        </Section>
      ),
    ],
  ])('in %s: 다시 시도 after 5 s aborts the hung request and the second answer shows', async (_, section) => {
    vi.useFakeTimers();
    const { client, seen } = hangingOnce('수강 기간은 얼마인가요?');
    renderInAppCache(section(client));
    await wait(STALLED_AFTER_MS - 1);
    expect(screen.queryByRole('button', { name: RETRY_LABEL })).toBeNull();
    await wait(1);
    expect(screen.getByRole('status').textContent).toBe(STALLED_TEXT);
    fireEvent.click(screen.getByRole('button', { name: RETRY_LABEL }));
    // The retry's code is loaded on the press.
    await vi.waitFor(() => expect(screen.getByText('수강 기간은 얼마인가요?')).toBeTruthy());
    expect(seen.aborted).toBe(1);
    expect(seen.requests).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
    // The aborted call's own time-out never fires a failure later.
    await wait(REQUEST_TIMEOUT_MS);
    expect(screen.getByText('수강 기간은 얼마인가요?')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('left alone, still ends at the 15 s time-out with its message', async () => {
    vi.useFakeTimers();
    const { client } = hangingOnce('x');
    renderInAppCache(<FaqStrip client={client} />);
    await wait(REQUEST_TIMEOUT_MS - 1);
    expect(screen.getByRole('status').textContent).toBe(STALLED_TEXT);
    // The time-out's own timer starts a few ticks after the query's.
    await wait(50);
    expect(screen.getByRole('alert').textContent).toContain(TIMEOUT_MESSAGE);
  });

  it('a retry in one section leaves a sibling that already has its data alone', async () => {
    vi.useFakeTimers();
    const { client, seen } = hangingOnce('자주 묻는 질문');
    const other = vi.fn(async () => '수강생 리얼 후기');
    function Sibling() {
      const query = useQuery({ queryKey: ['reviews'], queryFn: other });
      return <QueryState query={query}>{(text) => <p>{text}</p>}</QueryState>;
    }
    renderInAppCache(
      <>
        <FaqStrip client={client} />
        <Sibling />
      </>,
    );
    await wait(STALLED_AFTER_MS);
    expect(screen.getByText('수강생 리얼 후기')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: RETRY_LABEL }));
    await wait(0);
    expect(screen.getByText('자주 묻는 질문')).toBeTruthy();
    expect(seen.requests).toBe(2);
    expect(other).toHaveBeenCalledTimes(1);
  });
});
