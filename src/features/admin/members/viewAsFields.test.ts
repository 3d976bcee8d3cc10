import { describe, expect, it } from 'vitest';
import { checkViewAs, VIEW_AS_MESSAGES } from './viewAsFields';

describe('the 회원 화면으로 보기 form', () => {
  it('sends the email and the reason trimmed, the class as a number', () => {
    expect(checkViewAs({ email: ' member@demo.kr ', contentsid: '101', reason: '  진도 문의 확인 ' })).toEqual({
      input: { email: 'member@demo.kr', contentsid: 101, reason: '진도 문의 확인' },
    });
  });

  it('says beside each field what is missing, in Korean', () => {
    expect(checkViewAs({ email: '', contentsid: '', reason: ' 가 ' }).errors).toEqual({
      email: VIEW_AS_MESSAGES.email,
      contentsid: VIEW_AS_MESSAGES.contentsid,
      reason: VIEW_AS_MESSAGES.reason,
    });
    expect(checkViewAs({ email: 'member', contentsid: '0', reason: 'x'.repeat(201) }).errors).toEqual({
      email: VIEW_AS_MESSAGES.emailShape,
      contentsid: VIEW_AS_MESSAGES.contentsid,
      reason: VIEW_AS_MESSAGES.reasonTooLong,
    });
  });
});
