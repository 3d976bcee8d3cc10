// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { abortableQueryCalls } from '../../../api/callSignal';
import { STALLED_TEXT } from '../../../components/section/Pending';
import { RETRY_LABEL } from '../../../components/section/SectionFailure';
import { AdminLayout } from './AdminLayout';

// The frame's router is not under test: the staff member is signed in, and links are plain.
vi.mock('./useSignedInOrLogin', () => ({ useSignedInOrLogin: () => true }));
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children }: { children: React.ReactNode }) => <a href="/admin">{children}</a>,
  useRouterState: () => '/admin',
}));

let asked = 0;
beforeEach(() => {
  asked = 0;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  // GetAdminMe never answers: the console has nothing to draw its frame from.
  vi.stubGlobal('fetch', (request: Request) => {
    if (new URL(request.url).pathname === '/api/Admin/Me') asked++;
    return new Promise<Response>(() => undefined);
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the console while it asks who the staff member is', () => {
  it('says the answer is late at 5 s and asks again on 다시 시도', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, behavior: abortableQueryCalls } } });
    render(
      <QueryClientProvider client={queryClient}>
        <AdminLayout />
      </QueryClientProvider>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4_900);
    });
    expect(screen.queryByText(STALLED_TEXT)).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(screen.getByText(STALLED_TEXT)).toBeTruthy();
    expect(asked).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: RETRY_LABEL }));
    // The retry's code is its own chunk, loaded on the press.
    await vi.waitFor(() => expect(asked).toBe(2));
    expect(screen.queryByText(STALLED_TEXT)).toBeNull();
  });
});
