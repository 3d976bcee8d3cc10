import { z } from 'zod';

/** 수료증 취소's reason, as typed. */
export interface RevokeFormValues {
  reason: string;
}

export const REVOKE_MESSAGES = {
  reason: '취소 사유를 두 글자 이상 적어주세요. 수료증 기록과 감사 기록에 남습니다.',
  reasonTooLong: '사유는 200자까지 적을 수 있습니다.',
} as const;

const schema = z.object({
  reason: z.string().trim().min(2, REVOKE_MESSAGES.reason).max(200, REVOKE_MESSAGES.reasonTooLong),
});

/** The reason to send, or the field's message. */
export function checkRevoke(
  values: RevokeFormValues,
): { reason: string; error?: undefined } | { reason?: undefined; error: string } {
  const parsed = schema.safeParse(values);
  return parsed.success ? { reason: parsed.data.reason } : { error: parsed.error.issues[0]!.message };
}
