import { z } from 'zod';
import type { AdminSuggestReply, InboxStatus } from '../../../api/queries/admin-inbox';

export const INBOX_MESSAGES = {
  answer: '답변을 입력해주세요.',
  answerTooLong: '답변은 20,000자까지 입력할 수 있습니다.',
  replyNeeded: '답변완료로 바꾸려면 답변을 입력해주세요.',
} as const;

/** 답변 대기 / 답변 완료 (questions), 접수 / 답변완료 (suggestions): the words the member's pages use. */
export const QUESTION_STATUS: Record<InboxStatus, string> = { waiting: '답변 대기', answered: '답변 완료' };
export const SUGGEST_STATUS: Record<InboxStatus, string> = { waiting: '접수', answered: '답변완료' };

const tooLong = z.string().max(20_000, INBOX_MESSAGES.answerTooLong);
const answerSchema = z.object({ answer: z.string().refine((s) => s.trim() !== '', INBOX_MESSAGES.answer).pipe(tooLong) });
const replySchema = z
  .object({ answer: tooLong, status: z.enum(['waiting', 'answered']) })
  .refine((r) => r.status === 'waiting' || r.answer.trim() !== '', { message: INBOX_MESSAGES.replyNeeded, path: ['answer'] });

export interface AnswerValues {
  answer: string;
}
export type ReplyValues = z.input<typeof replySchema>;
type Checked<I> = { input: I; error?: undefined } | { input?: undefined; error: string };

/** The answer to send, or the message to show beside it. */
export function checkAnswer(values: AnswerValues): Checked<string> {
  const parsed = answerSchema.safeParse(values);
  return parsed.success ? { input: parsed.data.answer } : { error: parsed.error.issues[0]!.message };
}

/** The reply and status to send (답변완료 needs a reply), or the message to show beside the reply. */
export function checkReply(values: ReplyValues): Checked<AdminSuggestReply> {
  const parsed = replySchema.safeParse(values);
  return parsed.success ? { input: parsed.data } : { error: parsed.error.issues[0]!.message };
}
