import { z } from 'zod';
import { memberFields, readMemberFields, ticked, type FormValues } from './memberFields';

export const TERMS_REQUIRED = '이용약관에 동의해주세요.';
export const PRIVACY_REQUIRED = '개인정보 처리방침에 동의해주세요.';

export const joinFields = memberFields.extend({
  agreeterms: z.literal(true, { error: TERMS_REQUIRED }),
  agreeprivacy: z.literal(true, { error: PRIVACY_REQUIRED }),
});

/** What the sign-up form holds for `joinFields`. */
export const readJoinFields = (form: FormData): FormValues<typeof joinFields> => ({
  ...readMemberFields(form),
  agreeterms: ticked(form, 'agreeterms'),
  agreeprivacy: ticked(form, 'agreeprivacy'),
});
