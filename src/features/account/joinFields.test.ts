import { describe, expect, it } from 'vitest';
import { joinFields, PRIVACY_REQUIRED, readJoinFields, TERMS_REQUIRED } from './joinFields';
import { fieldErrors, PHONE_MESSAGE } from './memberFields';

describe('sign-up fields', () => {
  it('both required agreements must be ticked; marketing is optional', () => {
    const r = joinFields.safeParse({
      name: '최가입',
      phone: '010-5555-6666',
      agreeterms: false,
      agreeprivacy: false,
      agreemarketing: false,
    });
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error!)).toEqual({ agreeterms: TERMS_REQUIRED, agreeprivacy: PRIVACY_REQUIRED });
  });

  it('stores the phone with dashes', () => {
    const r = joinFields.parse({
      name: '최가입',
      phone: '01055556666',
      agreeterms: true,
      agreeprivacy: true,
      agreemarketing: true,
    });
    expect(r).toEqual({ name: '최가입', phone: '010-5555-6666', agreeterms: true, agreeprivacy: true, agreemarketing: true });
  });

  it('a bad phone is reported in Korean', () => {
    const r = joinFields.safeParse({ name: '최가입', phone: '123', agreeterms: true, agreeprivacy: true, agreemarketing: false });
    expect(fieldErrors(r.error!)).toEqual({ phone: PHONE_MESSAGE });
  });

  it('reads the ticked boxes as true and the others as false', () => {
    const form = new FormData();
    form.set('name', ' 최가입 ');
    form.set('phone', '010 5555 6666');
    form.set('agreeprivacy', 'on');
    expect(readJoinFields(form)).toEqual({
      name: ' 최가입 ',
      phone: '010 5555 6666',
      agreeterms: false,
      agreeprivacy: true,
      agreemarketing: false,
    });
  });
});
