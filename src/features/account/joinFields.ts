import { z } from 'zod';
import { memberName, mobilePhone } from './memberFields';

export const TERMS_REQUIRED = '이용약관에 동의해주세요.';
export const PRIVACY_REQUIRED = '개인정보 처리방침에 동의해주세요.';

export const joinFields = z.object({
  name: memberName,
  phone: mobilePhone,
  agreeterms: z.literal(true, { error: TERMS_REQUIRED }),
  agreeprivacy: z.literal(true, { error: PRIVACY_REQUIRED }),
  agreemarketing: z.boolean(),
});

export type JoinErrors = Partial<Record<'name' | 'phone' | 'agreeterms' | 'agreeprivacy', string>>;

export function joinErrors(error: z.ZodError): JoinErrors {
  const out: JoinErrors = {};
  for (const issue of error.issues) {
    const key = issue.path[0] as keyof JoinErrors;
    if (typeof key === 'string' && !out[key]) out[key] = issue.message;
  }
  return out;
}
