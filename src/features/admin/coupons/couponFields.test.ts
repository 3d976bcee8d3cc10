import { describe, expect, it } from 'vitest';
import { checkCampaign, COUPON_MESSAGES, emailLines, type CampaignFormValues } from './couponFields';

const filled: CampaignFormValues = {
  name: ' 가을 특별 할인 ',
  discounttype: 'fixed',
  discountvalue: '3,000',
  maxdiscount: '',
  minprice: '10,000',
  validfrom: '2026-12-01',
  validuntil: '2026-12-31',
  scope: 'all',
  contentsids: '',
  categoryids: '',
  kind: 'members',
  count: '',
};

describe('쿠폰 캠페인 form', () => {
  it('sends whole won and days as entered; an amount off has no cap, a wallet campaign no count', () => {
    expect(checkCampaign(filled).input).toEqual({
      name: '가을 특별 할인',
      kind: 'members',
      discounttype: 'fixed',
      discountvalue: 3000,
      maxdiscount: null,
      minprice: 10000,
      validfrom: '2026-12-01',
      validuntil: '2026-12-31',
      contentsids: [],
      categoryids: [],
    });
  });
  it('a percent needs 1-100 and a cap; codes need a count up to 10,000', () => {
    const percent = { ...filled, discounttype: 'percent' as const, discountvalue: '101', maxdiscount: '' };
    expect(checkCampaign(percent).errors).toEqual({ discountvalue: COUPON_MESSAGES.percent, maxdiscount: COUPON_MESSAGES.cap });
    expect(checkCampaign({ ...percent, discountvalue: '10%', maxdiscount: '20,000' }).input).toMatchObject({ discountvalue: 10, maxdiscount: 20000 });
    expect(checkCampaign({ ...filled, kind: 'codes', count: '10001' }).errors?.count).toBe(COUPON_MESSAGES.count);
    expect(checkCampaign({ ...filled, kind: 'codes', count: '500' }).input?.count).toBe(500);
  });
  it('refuses 0 or negative amounts, reversed days, an empty scope and non-numbers, in Korean beside the field', () => {
    for (const discountvalue of ['0', '-100', '1.5', ''])
      expect(checkCampaign({ ...filled, discountvalue }).errors?.discountvalue, discountvalue).toBe(COUPON_MESSAGES.amount);
    expect(checkCampaign({ ...filled, validuntil: '2026-11-30' }).errors?.validuntil).toBe(COUPON_MESSAGES.daysReversed);
    expect(checkCampaign({ ...filled, scope: 'some' }).errors?.contentsids).toBe(COUPON_MESSAGES.scope);
    expect(checkCampaign({ ...filled, scope: 'some', contentsids: '101, abc' }).errors?.contentsids).toBe(COUPON_MESSAGES.ids);
    expect(checkCampaign({ ...filled, scope: 'some', contentsids: '101 102,101', categoryids: '3' }).input).toMatchObject({
      contentsids: [101, 102],
      categoryids: [3],
    });
    expect(checkCampaign({ ...filled, name: '  ' }).errors?.name).toBe(COUPON_MESSAGES.name);
  });
  it('reads a pasted list one e-mail a line', () => {
    expect(emailLines('new@demo.kr\r\n\n member@demo.kr ; a@b.kr,')).toEqual(['new@demo.kr', 'member@demo.kr', 'a@b.kr']);
  });
});
