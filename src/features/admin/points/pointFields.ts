import { z } from 'zod';
import type { AdminPointAdjustment } from '../../../api/queries/admin-points';

/** The points form as it holds its fields: text, as typed, and which way the points go. */
export interface PointFormValues {
  email: string;
  direction: 'add' | 'take';
  amount: string;
  reason: string;
}

/** The server's own limit of one adjustment (the yaml's AdminPointAdjustment.amount). */
const MAX_ADJUSTMENT = 10_000_000;

export const POINT_MESSAGES = {
  email: '회원 이메일을 입력해주세요.',
  emailShape: '이메일 형식으로 입력해주세요.',
  amount: '1 이상의 정수로 포인트를 적어주세요.',
  amountTooLarge: `한 번에 ${MAX_ADJUSTMENT.toLocaleString('ko-KR')}P까지 적립하거나 차감할 수 있습니다.`,
  reason: '사유를 적어주세요. 회원의 포인트 내역에 그대로 보입니다.',
  reasonTooLong: '사유는 100자까지 적을 수 있습니다.',
} as const;

const schema = z.object({
  email: z
    .string()
    .trim()
    .min(1, POINT_MESSAGES.email)
    .max(200, POINT_MESSAGES.emailShape)
    .refine((s) => /^[^\s@]+@[^\s@]+$/.test(s), POINT_MESSAGES.emailShape),
  direction: z.enum(['add', 'take']),
  // Digits only (commas allowed as typed): no sign, no fraction, no exponent; the direction gives the sign.
  amount: z
    .string()
    .transform((s) => s.replace(/[,\s]/g, ''))
    .refine((s) => /^[1-9]\d*$/.test(s), POINT_MESSAGES.amount)
    .transform(Number)
    .refine((n) => n <= MAX_ADJUSTMENT, POINT_MESSAGES.amountTooLarge),
  reason: z.string().trim().min(1, POINT_MESSAGES.reason).max(100, POINT_MESSAGES.reasonTooLong),
});

/** The adjustment to send, or each field's first message. */
export function checkPoints(
  values: PointFormValues,
):
  | { input: AdminPointAdjustment; errors?: undefined }
  | { input?: undefined; errors: Partial<Record<keyof PointFormValues, string>> } {
  const parsed = schema.safeParse(values);
  if (parsed.success) {
    const { email, direction, amount, reason } = parsed.data;
    return { input: { email, reason, amount: direction === 'take' ? -amount : amount } };
  }
  const errors: Partial<Record<keyof PointFormValues, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof PointFormValues;
    errors[key] ??= issue.message;
  }
  return { errors };
}
