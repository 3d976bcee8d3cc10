import { z } from 'zod';

export const PHONE_MESSAGE = '휴대폰 번호를 010-1234-5678 형식으로 입력해주세요.';
export const NAME_MESSAGE = '이름을 입력해주세요.';
export const NAME_TOO_LONG_MESSAGE = '이름은 20자 이내로 입력해주세요.';
/** The name's limit, checked here and set as the input's maxLength. */
export const NAME_MAX_LENGTH = 20;

/** A Korean mobile number, typed with or without dashes or spaces, stored as 010-1234-5678. */
export const mobilePhone = z
  .string()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .refine((digits) => /^01[016789]\d{7,8}$/.test(digits), { message: PHONE_MESSAGE })
  .transform((d) => `${d.slice(0, 3)}-${d.slice(3, d.length - 4)}-${d.slice(-4)}`);

export const memberName = z.string().trim().min(1, NAME_MESSAGE).max(NAME_MAX_LENGTH, NAME_TOO_LONG_MESSAGE);

/** The fields the sign-up and the profile form share: the profile form sends these, the sign-up adds its agreements. */
export const memberFields = z.object({ name: memberName, phone: mobilePhone, agreemarketing: z.boolean() });

/** A text input's value as the form holds it. */
const text = (form: FormData, name: string) => String(form.get(name) ?? '');
/** A checkbox: ticked or not. */
export const ticked = (form: FormData, name: string) => form.get(name) === 'on';

/** What a form holds for each field of `fields`, before parsing: a text or whether a box is ticked. */
export type FormValues<S extends z.ZodObject> = Record<keyof z.input<S>, string | boolean>;

/** What a member form holds for `memberFields`. */
export const readMemberFields = (form: FormData): FormValues<typeof memberFields> => ({
  name: text(form, 'name'),
  phone: text(form, 'phone'),
  agreemarketing: ticked(form, 'agreemarketing'),
});

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message per field, for showing next to the input. */
export function fieldErrors<T>(error: z.ZodError<T>): FieldErrors<keyof T & string> {
  const out: FieldErrors<string> = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && !out[key]) out[key] = issue.message;
  }
  return out;
}
