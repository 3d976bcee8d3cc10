import { z } from 'zod';
import type { AdminRefundInput } from '../../../api/queries/admin-orders';

/** The refund dialog as it holds its fields: text, as typed. */
export interface RefundFormValues {
  amount: string;
  reason: string;
}

export const REFUND_MESSAGES = {
  amount: '환불할 금액을 1원 이상의 숫자로 적어주세요.',
  above: (left: number) => `환불 가능한 금액(${left.toLocaleString('ko-KR')}원)까지만 환불할 수 있습니다.`,
  reason: '환불 사유를 두 글자 이상 적어주세요. 회원 안내와 감사 기록에 남습니다.',
  reasonTooLong: '사유는 200자까지 적을 수 있습니다.',
} as const;

/** The refund to send for an order with `cancellable` won left, or each field's first message. */
export function checkRefund(
  values: RefundFormValues,
  cancellable: number,
): { input: AdminRefundInput; errors?: undefined } | { input?: undefined; errors: Partial<Record<keyof RefundFormValues, string>> } {
  const schema = z.object({
    amount: z
      .string()
      .trim()
      .transform((s) => s.replace(/[,\s원]/g, ''))
      .refine((s) => /^[1-9]\d{0,9}$/.test(s), REFUND_MESSAGES.amount)
      .transform(Number)
      .refine((n) => n <= cancellable, REFUND_MESSAGES.above(cancellable)),
    reason: z.string().trim().min(2, REFUND_MESSAGES.reason).max(200, REFUND_MESSAGES.reasonTooLong),
  });
  const parsed = schema.safeParse(values);
  if (parsed.success) return { input: { ...parsed.data, cancellable } };
  const errors: Partial<Record<keyof RefundFormValues, string>> = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as keyof RefundFormValues] ??= issue.message;
  return { errors };
}
