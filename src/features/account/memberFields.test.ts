import { describe, expect, it } from 'vitest';
import { mobilePhone, memberFields, memberName, NAME_MESSAGE, PHONE_MESSAGE, fieldErrors, readMemberFields } from './memberFields';

describe('Korean mobile number', () => {
  it.each([
    ['010-1234-5678', '010-1234-5678'],
    ['01012345678', '010-1234-5678'],
    ['010 1234 5678', '010-1234-5678'],
    ['011-123-4567', '011-123-4567'],
  ])('accepts %s as %s', (input, stored) => expect(mobilePhone.parse(input)).toBe(stored));

  it.each(['', '02-123-4567', '010-12-5678', '0101234567890', '010-abcd-5678', '020-1234-5678'])(
    'refuses %j with the Korean message',
    (input) => {
      const r = mobilePhone.safeParse(input);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(PHONE_MESSAGE);
    },
  );
});

describe('member fields (profile and sign-up)', () => {
  it('a blank name and a bad phone are reported per field', () => {
    const r = memberFields.safeParse({ name: '  ', phone: '1234', agreemarketing: false });
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error!)).toEqual({ name: NAME_MESSAGE, phone: PHONE_MESSAGE });
  });

  it('trims the name', () => expect(memberName.parse(' 박무폰 ')).toBe('박무폰'));

  it('an empty form reads as blank texts and an unticked box', () =>
    expect(readMemberFields(new FormData())).toEqual({ name: '', phone: '', agreemarketing: false }));
});
