// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ALWAYS_SENT, MailSettings, REMINDERS_LABEL } from './MailSettings';

/** 회원정보's 메일 수신 설정 over the app's real client, the network answered here. */
type Answer = { status: number; body: unknown };
let stored = true;
let answerPost: (body: { reminders: boolean }) => Promise<Answer>;
const posts: unknown[] = [];

beforeEach(() => {
  stored = true;
  posts.length = 0;
  answerPost = async (body) => ({ status: 200, body: { success: true, respMessage: '', datas: { reminders: (stored = body.reminders) } } });
  vi.stubGlobal('fetch', async (request: Request) => {
    expect(new URL(request.url).pathname).toBe('/api/Member/MailSettings');
    let answer: Answer = { status: 200, body: { success: true, respMessage: '', datas: { reminders: stored } } };
    if (request.method === 'POST') {
      const body = (await request.json()) as { reminders: boolean };
      posts.push(body);
      answer = await answerPost(body);
    }
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MailSettings useruid="u-demo-1" />
    </QueryClientProvider>,
  );
}
const theSwitch = () => screen.findByRole<HTMLInputElement>('switch', { name: REMINDERS_LABEL });
const status = () => document.getElementById('mail-reminders-status')!;

describe('회원정보, 메일 수신 설정', () => {
  it('shows the stored choice and that order, refund and certificate mails always come', async () => {
    show();
    expect((await theSwitch()).checked).toBe(true);
    expect(screen.getByRole('heading', { name: '메일 수신 설정' })).toBeTruthy();
    expect(screen.getByText(ALWAYS_SENT)).toBeTruthy();
  });

  it('switching off saves at once, waits disabled while it is saved, then says it in Korean', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const first = answerPost;
    answerPost = async (body) => (await held, first(body));
    show();
    fireEvent.click(await theSwitch());
    await waitFor(() => expect(posts).toEqual([{ reminders: false }]));
    const pending = await theSwitch();
    expect(pending.checked).toBe(false);
    expect(pending.disabled).toBe(true);
    expect(status().textContent).toBe('저장 중…');
    release();
    await waitFor(() => expect(status().textContent).toBe('저장되었습니다. 수강 기간 종료 안내 메일을 받지 않습니다.'));
    expect((await theSwitch()).checked).toBe(false);
    expect((await theSwitch()).disabled).toBe(false);
    fireEvent.click(await theSwitch());
    await waitFor(() => expect(status().textContent).toBe('저장되었습니다. 수강 기간 종료 안내 메일을 받습니다.'));
    expect(posts).toEqual([{ reminders: false }, { reminders: true }]);
  });

  it('a refused save shows the reason and the switch as the server still holds it', async () => {
    answerPost = async () => ({ status: 404, body: { success: false, respMessage: '회원 정보를 찾을 수 없습니다.' } });
    show();
    fireEvent.click(await theSwitch());
    await waitFor(() => expect(status().textContent).toBe('저장하지 못했습니다. 회원 정보를 찾을 수 없습니다.'));
    expect(status().className).toContain('--error');
    expect((await theSwitch()).checked).toBe(true);
  });
});
