import { describe, expect, it } from 'vitest';
import { kstDay } from '../shell/kst';
import { checkEnrolment, checkImport, checkOpenReason, MEMBER_MESSAGES } from './memberFields';

describe('the members screens’ fields', () => {
  it('an opening needs a reason, trimmed', () => {
    expect(checkOpenReason('  전화 문의 확인 ')).toEqual({ reason: '전화 문의 확인' });
    expect(checkOpenReason('   ')).toEqual({ error: MEMBER_MESSAGES.openReason });
  });

  it('a grant names a class by number, an end from today on or none, and a reason', () => {
    expect(checkEnrolment({ contentsid: ' 103 ', enddate: '2027-03-31', reason: '복습 제공' }, '2026-12-07')).toEqual({
      input: { contentsid: 103, action: 'enrol', enddate: '2027-03-31', reason: '복습 제공' },
    });
    expect(checkEnrolment({ contentsid: '103', enddate: '', reason: '복습' }, '2026-12-07').input?.enddate).toBeNull();
    expect(checkEnrolment({ contentsid: '103', enddate: '2026-12-07', reason: '당일' }, '2026-12-07').input?.enddate).toBe('2026-12-07');
    expect(checkEnrolment({ contentsid: 'abc', enddate: '2026-12-06', reason: ' ' }, '2026-12-07').errors).toEqual({
      contentsid: MEMBER_MESSAGES.contentsid,
      enddate: MEMBER_MESSAGES.enddatePast,
      reason: MEMBER_MESSAGES.reason,
    });
  });

  it('a CSV needs text within the server’s size and a reason', () => {
    expect(checkImport('', '').errors).toEqual({ csv: MEMBER_MESSAGES.csv, reason: MEMBER_MESSAGES.reason });
    expect(checkImport('x'.repeat(400_001), '사유').errors).toEqual({ csv: MEMBER_MESSAGES.csvTooLarge });
    expect(checkImport('이메일,클래스번호,종료일', '사유').errors).toEqual({});
  });

  it('today is Korea’s calendar day', () => {
    expect(kstDay(new Date('2026-12-06T15:30:00Z'))).toBe('2026-12-07');
    expect(kstDay(new Date('2026-12-06T14:59:00Z'))).toBe('2026-12-06');
  });
});
