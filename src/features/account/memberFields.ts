import { z } from 'zod';

export const PHONE_MESSAGE = '휴대폰 번호를 010-1234-5678 형식으로 입력해주세요.';
export const NAME_MESSAGE = '이름을 입력해주세요.';
export const NAME_TOO_LONG_MESSAGE = '이름은 20자 이내로 입력해주세요.';

/** A Korean mobile number, typed with or without dashes or spaces, stored as 010-1234-5678. */
export const mobilePhone = z
  .string()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .refine((digits) => /^01[016789]\d{7,8}$/.test(digits), { message: PHONE_MESSAGE })
  .transform((d) => `${d.slice(0, 3)}-${d.slice(3, d.length - 4)}-${d.slice(-4)}`);

export const memberName = z.string().trim().min(1, NAME_MESSAGE).max(20, NAME_TOO_LONG_MESSAGE);

export const profileFields = z.object({ name: memberName, phone: mobilePhone, agreemarketing: z.boolean() });

export type FieldErrors = Partial<Record<'name' | 'phone', string>>;

/** The first message per field, for showing next to the input. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if ((key === 'name' || key === 'phone') && !out[key]) out[key] = issue.message;
  }
  return out;
}
