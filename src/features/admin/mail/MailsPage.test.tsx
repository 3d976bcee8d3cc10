// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { adminStaffKeys, type AdminStaff } from '../../../api/queries/admin-staff';
import type { AdminMail } from '../../../api/queries/admin-mail';
import { MailsPage } from './MailsPage';

// The console's frame (and its router) is not under test: the refusal's way home is a plain link here.
vi.mock('@tanstack/react-router', () => ({ Link: ({ children }: { children: React.ReactNode }) => <a href="/admin">{children}</a> }));
const popup = vi.hoisted(() => ({ confirmDark: vi.fn(async () => true), alertError: vi.fn(async () => undefined) }));
vi.mock('../../../lib/popup', () => popup);

const failed: AdminMail = {
  mailid: 7,
  kind: 'certificate-issued',
  state: 'failed',
  attempts: 1,
  error: "Can't send mail - all recipients were rejected: 550 5.1.1 <nobody@nowhere.invalid>: Recipient address rejected: no such mailbox",
  recipient: 'no****@nowhere.invalid',
  createdat: '2026-11-28T10:00:00+09:00',
  sentat: null,
  updatedat: '2026-11-28T10:00:05+09:00',
};
const sent: AdminMail = { ...failed, mailid: 6, kind: 'payment-confirmed', state: 'sent', error: null, recipient: 'me****@demo.kr', sentat: '2026-11-28T09:00:03+09:00' };

let mails: AdminMail[];
const lists: unknown[] = [];
let resendAnswer: () => Promise<{ status: number; body: unknown }>;

beforeEach(() => {
  mails = [failed, sent];
  lists.length = 0;
  popup.confirmDark.mockClear();
  popup.alertError.mockClear();
  resendAnswer = async () => {
    mails = mails.map((m) => (m.mailid === 7 ? { ...m, state: 'pending' } : m));
    return { status: 200, body: { success: true, respMessage: '메일을 다시 보냅니다.', datas: mails[0] } };
  };
  vi.stubGlobal('fetch', async (request: Request) => {
    const path = new URL(request.url).pathname;
    let answer: { status: number; body: unknown };
    if (path === '/api/Admin/Mails/List') {
      const body = (await request.json()) as { state?: string; kind?: string };
      lists.push(body);
      const list = mails.filter((m) => (!body.state || m.state === body.state) && (!body.kind || m.kind === body.kind));
      answer = { status: 200, body: { success: true, respMessage: '', datas: { list, nextBefore: null } } };
    } else if (path === '/api/Admin/Mails/7/Resend') answer = await resendAnswer();
    else throw new Error(`unexpected ${path}`);
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(role: AdminStaff['role'] = 'operator') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(adminStaffKeys.me, { useruid: 'u-demo-5', email: 'staff@demo.kr', name: '정운영', role, teachername: null });
  render(
    <QueryClientProvider client={queryClient}>
      <MailsPage />
    </QueryClientProvider>,
  );
}
const row = (mailid: number) => document.querySelector<HTMLElement>(`tr[data-mailid="${mailid}"]`)!;

describe('메일 발송 in the console', () => {
  it('lists each mail with its kind and state in Korean, the reason of a failed one, and 다시 보내기 on it alone', async () => {
    show();
    await screen.findByTestId('admin-mail-table');
    const bad = within(row(7));
    expect(bad.getByText('수료증 발급')).toBeTruthy();
    expect(bad.getByText('실패')).toBeTruthy();
    expect(bad.getByText('no****@nowhere.invalid')).toBeTruthy();
    expect(bad.getByText('받는 메일 서버가 주소를 거부했습니다. 주소를 바로잡기 전에는 다시 보내도 실패합니다.')).toBeTruthy();
    expect(bad.getByText(failed.error!)).toBeTruthy();
    expect(bad.getByRole('button', { name: '다시 보내기' })).toBeTruthy();
    const good = within(row(6));
    expect(good.getByText('주문 완료')).toBeTruthy();
    expect(good.getByText('발송')).toBeTruthy();
    expect(good.queryByRole('button')).toBeNull();
  });

  it('filters by state and kind through the server', async () => {
    show();
    await screen.findByTestId('admin-mail-table');
    fireEvent.change(screen.getByLabelText('상태'), { target: { value: 'failed' } });
    await waitFor(() => expect(row(6)).toBeNull());
    fireEvent.change(screen.getByLabelText('종류'), { target: { value: 'refund-finished' } });
    await screen.findByText('조건에 맞는 메일이 없습니다.');
    expect(lists).toEqual([
      { limit: 50, before: null },
      { state: 'failed', limit: 50, before: null },
      { state: 'failed', kind: 'refund-finished', limit: 50, before: null },
    ]);
  });

  it('다시 보내기 asks first, is disabled while the call runs, then shows the mail waiting again', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const first = resendAnswer;
    resendAnswer = async () => (await held, first());
    show();
    await screen.findByTestId('admin-mail-table');
    fireEvent.click(within(row(7)).getByRole('button', { name: '다시 보내기' }));
    expect(popup.confirmDark).toHaveBeenCalledWith('이 메일을 다시 보낼까요? 회원의 지금 이메일 주소로 보냅니다.');
    const busy = await within(row(7)).findByRole('button', { name: '보내는 중…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    release();
    await screen.findByText("수료증 발급 메일(#7)을 다시 보냅니다. 잠시 후 상태가 '발송'으로 바뀝니다.");
    await waitFor(() => expect(row(7).dataset.state).toBe('pending'));
    expect(within(row(7)).getByText('대기')).toBeTruthy();
    expect(row(7).querySelector('.admin-mail-reason__text')?.textContent).toBe('지난 시도: 받는 메일 서버가 주소를 거부했습니다. 주소를 바로잡기 전에는 다시 보내도 실패합니다.');
    expect(within(row(7)).queryByRole('button')).toBeNull();
  });

  it('sends nothing when the confirm is cancelled, and shows the refusal of a mail already sent again', async () => {
    popup.confirmDark.mockResolvedValueOnce(false);
    show();
    await screen.findByTestId('admin-mail-table');
    fireEvent.click(within(row(7)).getByRole('button', { name: '다시 보내기' }));
    await waitFor(() => expect(popup.confirmDark).toHaveBeenCalledTimes(1));
    resendAnswer = async () => ({ status: 409, body: { success: false, respMessage: '실패한 메일만 다시 보낼 수 있습니다.' } });
    fireEvent.click(within(row(7)).getByRole('button', { name: '다시 보내기' }));
    await waitFor(() => expect(popup.alertError).toHaveBeenCalledTimes(1));
    expect((popup.alertError.mock.calls[0] as unknown[])[0]).toMatchObject({ status: 409, message: '실패한 메일만 다시 보낼 수 있습니다.' });
    // The list is asked again, so it shows the mail as it is now.
    await waitFor(() => expect(lists.length).toBe(2));
  });

  it('an instructor is told it is for operators, and nothing is asked', async () => {
    show('instructor');
    await screen.findByText('메일 발송 기록은 운영자만 볼 수 있습니다.');
    expect(lists).toEqual([]);
  });
});
