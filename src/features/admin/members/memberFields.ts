import { z } from 'zod';
import type { AdminEnrolmentChange } from '../../../api/queries/admin-members';
import { kstDay } from '../shell/kst';


export const MEMBER_MESSAGES = {
  reason: '사유를 적어주세요. 감사 기록에 남습니다.',
  openReason: '열람 사유를 적어주세요. 개인정보 열람 기록에 남습니다.',
  reasonTooLong: '사유는 200자까지 적을 수 있습니다.',
  contentsid: '클래스 번호를 숫자로 적어주세요.',
  enddate: '종료일을 YYYY-MM-DD로 골라주세요.',
  enddatePast: '종료일은 오늘 이후로 정해주세요.',
  csv: 'CSV 파일을 고르거나 내용을 붙여 넣어주세요.',
  csvTooLarge: 'CSV는 400,000자까지 올릴 수 있습니다. 나눠서 올려주세요.',
} as const;

const reason = (message: string) => z.string().trim().min(1, message).max(200, MEMBER_MESSAGES.reasonTooLong);

/** Why a record is opened: never blank, as the server asks. */
export function checkOpenReason(value: string): { reason: string; error?: undefined } | { reason?: undefined; error: string } {
  const parsed = reason(MEMBER_MESSAGES.openReason).safeParse(value);
  return parsed.success ? { reason: parsed.data } : { error: parsed.error.issues[0]!.message };
}

export interface EnrolmentFormValues {
  contentsid: string;
  enddate: string;
  reason: string;
}

/** A grant or a new end date: the class, the last day (empty: the store's 90 days for a new one), the reason. */
export function checkEnrolment(
  values: EnrolmentFormValues,
  today = kstDay(),
): { input: AdminEnrolmentChange; errors?: undefined } | { input?: undefined; errors: Partial<Record<keyof EnrolmentFormValues, string>> } {
  const schema = z.object({
    contentsid: z
      .string()
      .trim()
      .refine((s) => /^[1-9]\d{0,8}$/.test(s), MEMBER_MESSAGES.contentsid)
      .transform(Number),
    enddate: z
      .string()
      .trim()
      .refine((s) => s === '' || /^\d{4}-\d\d-\d\d$/.test(s), MEMBER_MESSAGES.enddate)
      .refine((s) => s === '' || s >= today, MEMBER_MESSAGES.enddatePast),
    reason: reason(MEMBER_MESSAGES.reason),
  });
  const parsed = schema.safeParse(values);
  if (parsed.success) {
    const { contentsid, enddate, reason: why } = parsed.data;
    return { input: { contentsid, action: 'enrol', enddate: enddate || null, reason: why } };
  }
  const errors: Partial<Record<keyof EnrolmentFormValues, string>> = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as keyof EnrolmentFormValues] ??= issue.message;
  return { errors };
}

/** A CSV to preview: some text, within the server's size, and a reason. */
export function checkImport(csv: string, why: string): { errors: { csv?: string; reason?: string } } {
  const errors: { csv?: string; reason?: string } = {};
  if (!csv.trim()) errors.csv = MEMBER_MESSAGES.csv;
  else if (csv.length > 400_000) errors.csv = MEMBER_MESSAGES.csvTooLarge;
  const r = reason(MEMBER_MESSAGES.reason).safeParse(why);
  if (!r.success) errors.reason = r.error.issues[0]!.message;
  return { errors };
}
