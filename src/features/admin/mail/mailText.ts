import type { AdminMailKind, AdminMailState } from '../../../api/queries/admin-mail';

export const KIND_LABEL: Record<AdminMailKind, string> = {
  'payment-confirmed': '주문 완료',
  'refund-finished': '환불',
  'qna-answered': 'Q&A 답변',
  'suggest-replied': '1:1 문의 답변',
  'access-ending': '수강 기간 종료 안내',
  'certificate-issued': '수료증 발급',
};

export const STATE_LABEL: Record<AdminMailState, string> = { pending: '대기', sent: '발송', failed: '실패', skipped: '제외' };

/** The console's badge colour of each state (admin.css): waiting blue, sent green, failed red, skipped grey. */
export const STATE_BADGE: Record<AdminMailState, string> = {
  pending: 'admin-badge--scheduled',
  sent: 'admin-badge--published',
  failed: 'admin-badge--hidden',
  skipped: 'admin-badge--draft',
};

/**
 * The server keeps a mail's last reason as the mail server (or the mail job) gave it, in English
 * (server/jobs/mailJob.ts). Said in Korean, with what to do, for the reasons an operator can act on; the raw reason
 * stays beside it for whoever asks the mail provider.
 */
const KNOWN: [test: RegExp, korean: (state: AdminMailState) => string][] = [
  [/has no e-mail address/i, () => '회원의 이메일 주소가 없어 보내지 않았습니다.'],
  [/has left/i, () => '탈퇴한 회원이라 보내지 않았습니다.'],
  [/switched reminders off/i, () => '회원이 수강 기간 종료 안내를 받지 않도록 설정했습니다.'],
  [/^no such member/i, () => '없는 회원이라 보내지 않았습니다.'],
  [/^no template/i, () => '이 종류의 메일 양식이 아직 없습니다.'],
  // Before the refusal: ECONNREFUSED is the store's mail server not answering, not a refused address.
  [
    /ECONNREFUSED|ETIMEDOUT|ECONNRESET|ENOTFOUND|EAI_AGAIN|timeout|\b4\d\d[\s-]/i,
    (state) =>
      state === 'failed'
        ? '메일 서버에 연결하지 못한 채 재시도를 모두 마쳤습니다. 메일 서버 상태를 확인한 뒤 다시 보내세요.'
        : '메일 서버에 연결하지 못했습니다. 잠시 후 자동으로 다시 시도합니다.',
  ],
  [/\b5\d\d[\s-]|\b5\.\d\.\d+|rejected|refused/i, () => '받는 메일 서버가 주소를 거부했습니다. 주소를 바로잡기 전에는 다시 보내도 실패합니다.'],
];

export function reasonText(error: string | null, state: AdminMailState): string | null {
  if (!error) return null;
  return KNOWN.find(([test]) => test.test(error))?.[1](state) ?? null;
}
