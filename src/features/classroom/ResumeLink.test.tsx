// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { ApiError } from '../../api/errors';
import { ResumeLink } from './ResumeLink';

afterEach(cleanup);

const videos = [
  { videoid: 7, watchedtime: 300, iscomplete: true },
  { videoid: 8, watchedtime: 95, iscomplete: false },
];

/** 이어보기 of class 121 inside a router (the link) and a cache that never retries on its own. */
function renderResume(lastWatch: () => Promise<{ contentsid: number; videoid: number; watchedtime: number; duration: number } | null>) {
  function Head() {
    const last = useQuery({ queryKey: ['last'], queryFn: lastWatch });
    const completion = useQuery({ queryKey: ['completion'], queryFn: async () => videos });
    return <ResumeLink contentsid={121} last={last} videos={completion} />;
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const root = createRootRoute({ component: () => <QueryClientProvider client={queryClient}>{<Head />}</QueryClientProvider> });
  render(<RouterProvider router={createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) })} />);
}

describe('이어보기 on the class progress page', () => {
  it('opens the last video at its second when the member last watched this class', async () => {
    renderResume(async () => ({ contentsid: 121, videoid: 8, watchedtime: 42, duration: 300 }));
    const link = await screen.findByRole('link', { name: '이어보기' });
    expect(link.getAttribute('href')).toBe('/player/121?videoid=8&t=42');
  });

  it('otherwise opens the first unfinished video of this class', async () => {
    renderResume(async () => ({ contentsid: 101, videoid: 3, watchedtime: 10, duration: 300 }));
    expect((await screen.findByRole('link', { name: '이어보기' })).getAttribute('href')).toBe('/player/121?videoid=8&t=95');
  });

  it('never guesses a resume point it could not read: the message and 다시 시도 stand in its place', async () => {
    const lastWatch = vi
      .fn()
      .mockRejectedValueOnce(new ApiError('server', '시험용 안내: 요청을 처리하지 못했습니다.', 200))
      .mockResolvedValueOnce({ contentsid: 121, videoid: 8, watchedtime: 42, duration: 300 });
    renderResume(lastWatch);
    expect((await screen.findByRole('alert')).textContent).toContain('시험용 안내: 요청을 처리하지 못했습니다.');
    expect(screen.queryByRole('link', { name: '이어보기' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect((await screen.findByRole('link', { name: '이어보기' })).getAttribute('href')).toBe('/player/121?videoid=8&t=42');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
