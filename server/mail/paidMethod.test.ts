import { describe, expect, it } from 'vitest';
import type { PaymentConfirmedFacts, RefundFinishedFacts } from '../domain/mailEvents';
import { renderMail } from './templates';

/** The order confirmation is a receipt (전자상거래법 13조): it names the method the order was paid with (issue 42). */
const c = { storeUrl: 'http://store', name: '김필라' };
const order: PaymentConfirmedFacts = {
  paymentid: 7,
  title: '매트 필라테스 중급 시퀀스',
  priceTotal: 47_000,
  couponDiscount: 0,
  pointUsed: 0,
  amount: 47_000,
  payMethod: 'card',
  paidAt: '2026-11-28 10:00:00',
  receiptUrl: null,
  lectures: [{ contentsid: 104, title: '매트 필라테스 중급 시퀀스', price: 47_000, periodDays: 90, endAt: '2027-02-26 10:00:00' }],
};
const refund: RefundFinishedFacts = {
  paymentid: 7,
  refundid: 1,
  title: order.title,
  amount: 47_000,
  whole: true,
  payMethod: 'card',
  pointsRestored: 0,
  pointsTakenBack: 0,
  lectures: [order.title],
  doneAt: '2026-11-29 10:00:00',
};
const text = (kind: 'payment-confirmed' | 'refund-finished', data: object) => renderMail(kind, data, c)!.text;

describe('the method in the order and refund mails', () => {
  it('says the method the provider recorded, with 할부 months', () => {
    expect(text('payment-confirmed', { ...order, paidMethod: 'kakaopay', installmentMonth: 0 })).toContain('결제 수단: 카카오페이');
    expect(text('payment-confirmed', { ...order, paidMethod: 'card', installmentMonth: 6 })).toContain('결제 수단: 신용카드 (할부 6개월)');
    expect(text('refund-finished', { ...refund, paidMethod: 'tosspay' })).toContain('환불 수단: 결제하신 수단 (토스페이)');
  });

  it('a mail queued before the method was recorded says what it knew', () => {
    expect(text('payment-confirmed', order)).toContain('결제 수단: 신용·체크카드');
    expect(text('refund-finished', refund)).toContain('환불 수단: 결제하신 수단 (신용·체크카드)');
  });
});
