// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { ApiError, TIMEOUT_MESSAGE } from '../../api/errors';
import { Section } from './Section';
import { QueryState } from './QueryState';
import { Pending, SLOW_AFTER_MS, SLOW_TEXT } from './Pending';
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
  it('says it is still loading only after 3 s, in a status line', () => {
    vi.useFakeTimers();
    render(
      <Pending>
        <span>skeleton</span>
      </Pending>,
    );
    expect(screen.getByRole('status').textContent).toBe('');
    act(() => vi.advanceTimersByTime(SLOW_AFTER_MS - 1));
    expect(screen.getByRole('status').textContent).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toBe(SLOW_TEXT);
    expect(SLOW_TEXT).toBe('불러오는 중입니다…');
  });
});
