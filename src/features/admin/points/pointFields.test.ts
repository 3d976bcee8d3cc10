import { describe, expect, it } from 'vitest';
import { checkPoints, POINT_MESSAGES, type PointFormValues } from './pointFields';

const filled: PointFormValues = { email: ' member@demo.kr ', direction: 'add', amount: '3,000', reason: ' 후기 이벤트 당첨 ' };

describe('포인트 적립·차감 form', () => {
  it('sends whole points, signed by the direction chosen', () => {
    expect(checkPoints(filled)).toEqual({ input: { email: 'member@demo.kr', amount: 3000, reason: '후기 이벤트 당첨' } });
    expect(checkPoints({ ...filled, direction: 'take' }).input?.amount).toBe(-3000);
  });
  it('refuses 0, fractions, signs, exponents and more than the server takes, in Korean beside the field', () => {
    for (const amount of ['0', '', '1.5', '-100', '1e3', '+5', '01'])
      expect(checkPoints({ ...filled, amount }).errors?.amount, amount).toBe(POINT_MESSAGES.amount);
    expect(checkPoints({ ...filled, amount: '10000001' }).errors?.amount).toBe(POINT_MESSAGES.amountTooLarge);
    expect(checkPoints({ ...filled, amount: '10,000,000' }).input?.amount).toBe(10_000_000);
  });
  it('asks for the member’s email and a reason', () => {
    expect(checkPoints({ ...filled, email: '', reason: '  ' }).errors).toEqual({
      email: POINT_MESSAGES.email,
      reason: POINT_MESSAGES.reason,
    });
    expect(checkPoints({ ...filled, email: 'member' }).errors?.email).toBe(POINT_MESSAGES.emailShape);
  });
});
