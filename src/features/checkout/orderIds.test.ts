import { describe, expect, it } from 'vitest';
import { orderIdsOf } from './orderIds';
import { paymentIdOf, providerReturnOf } from './providerReturn';

describe('payment address readers', () => {
  it('/payment/{contentsids}: comma-joined ids, other separators read too, junk and duplicates dropped', () => {
    expect(orderIdsOf('121,126')).toEqual([121, 126]);
    expect(orderIdsOf('121-126_121')).toEqual([121, 126]);
    expect(orderIdsOf('abc')).toEqual([]);
    expect(orderIdsOf('0,99999999999')).toEqual([]);
  });
  it('a provider return keeps its values as typed text', () => {
    expect(providerReturnOf('?paymentId=0007001&txId=LPT-1&message=%EA%B1%B0%EC%A0%88')).toEqual({
      paymentId: '0007001',
      txId: 'LPT-1',
      message: '거절',
    });
    // PortOne appends its own paymentId to the redirectUrl, which carried the order's paymentid.
    expect(providerReturnOf('?paymentid=7001&paymentId=pay-3f9c&code=FAILURE_TYPE_PG&message=x')).toEqual({
      paymentid: '7001',
      paymentId: 'pay-3f9c',
      code: 'FAILURE_TYPE_PG',
      message: 'x',
    });
    expect(paymentIdOf('?paymentid=103')).toBe(103);
    expect(paymentIdOf('?paymentid=-1')).toBe(0);
    expect(paymentIdOf('')).toBe(0);
  });
});
