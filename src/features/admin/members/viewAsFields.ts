import { z } from 'zod';
import type { AdminViewAsOpening } from '../../../api/queries/admin-members';

/** The 회원 화면으로 보기 form as it holds its fields: text, as typed. */
export interface ViewAsFormValues {
  email: string;
  contentsid: string;
  reason: string;
}

export const VIEW_AS_MESSAGES = {
  email: '회원 이메일을 입력해주세요.',
  emailShape: '이메일 형식으로 입력해주세요.',
  contentsid: '볼 클래스를 골라주세요.',
  reason: '여는 사유를 두 글자 이상 적어주세요. 감사 기록에 남습니다.',
  reasonTooLong: '사유는 200자까지 적을 수 있습니다.',
} as const;

const schema = z.object({
  email: z
    .string()
    .trim()
    .min(1, VIEW_AS_MESSAGES.email)
    .max(200, VIEW_AS_MESSAGES.emailShape)
    .refine((s) => /^[^\s@]+@[^\s@]+$/.test(s), VIEW_AS_MESSAGES.emailShape),
  contentsid: z
    .string()
    .refine((s) => /^[1-9]\d*$/.test(s), VIEW_AS_MESSAGES.contentsid)
    .transform(Number),
  reason: z.string().trim().min(2, VIEW_AS_MESSAGES.reason).max(200, VIEW_AS_MESSAGES.reasonTooLong),
});

/** The opening to send, or each field's first message. */
export function checkViewAs(
  values: ViewAsFormValues,
):
  | { input: AdminViewAsOpening; errors?: undefined }
  | { input?: undefined; errors: Partial<Record<keyof ViewAsFormValues, string>> } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { input: parsed.data };
  const errors: Partial<Record<keyof ViewAsFormValues, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof ViewAsFormValues;
    errors[key] ??= issue.message;
  }
  return { errors };
}
