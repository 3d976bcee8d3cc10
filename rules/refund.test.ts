import { describe, expect, it } from 'vitest';
import { quoteRefund, REFUND_POLICY, type RefundLecture, type RefundOrder } from './refund';

const PAID = new Date('2026-03-01T00:00:00Z');
const day = (n: number) => new Date(PAID.getTime() + n * 86_400_000);
const lecture = (contentsid: number, price: number, over: Partial<RefundLecture> = {}): RefundLecture => ({
  contentsid,
  title: `강의 ${contentsid}`,
  price,
  usedAt: null,
  accessEnds: day(90),
  refunded: false,
  ...over,
});
const order = (lectures: RefundLecture[], over: Partial<RefundOrder> = {}): RefundOrder => ({
  paidAt: PAID,
  paidAmount: lectures.reduce((a, l) => a + l.price, 0),
  pointUsed: 0,
  couponDiscount: 0,
  pointsEarned: 0,
  lectures,
  before: { amount: 0, pointsRestored: 0, pointsTakenBack: 0, pointsShortfall: 0 },
  pointBalance: 0,
  ...over,
});

describe('quoteRefund', () => {
  it('refunds everything within 7 days when nothing was used, restoring the coupon and points', () => {
    const q = quoteRefund(
      order([lecture(1, 60000), lecture(2, 40000)], {
        paidAmount: 85000,
        pointUsed: 5000,
        couponDiscount: 10000,
        pointsEarned: 4250,
        pointBalance: 5000,
      }),
      day(6.9),
    );
    expect(q).toMatchObject({
      refundable: true,
      basis: 'withdrawal',
      amount: 85000,
      pointsRestored: 5000,
      pointsTakenBack: 4250,
      couponRestored: true,
      whole: true,
    });
    expect(q.contentsids).toEqual([1, 2]);
    expect(q.reasons[0]).toContain('청약철회');
  });

  it('after a play refunds only the unused lectures by their price share, rounded down, coupon kept', () => {
    const q = quoteRefund(
      order([lecture(1, 60000, { usedAt: day(1) }), lecture(2, 40000)], {
        paidAmount: 89999,
        pointUsed: 1,
        couponDiscount: 10000,
        pointsEarned: 4499,
        pointBalance: 0,
      }),
      day(2),
    );
    expect(q.basis).toBe('unused');
    expect(q.contentsids).toEqual([2]);
    // 40 % of each figure, rounded down; the earned points the empty balance cannot cover come off the cash.
    expect(q.pointsRestored).toBe(0);
    expect(q.pointsTakenBack).toBe(0);
    expect(q.pointsShortfall).toBe(1799);
    expect(q.amount).toBe(35999 - 1799);
    expect(q.couponRestored).toBe(false);
    expect(q.reasons.join('\n')).toContain('강의 1 (수강함)');
  });

  it('partial refunds of one order add up to exactly what was paid, never more', () => {
    const ls = [lecture(1, 33333), lecture(2, 33333), lecture(3, 33334)];
    const base = { paidAmount: 77777, pointUsed: 3333, pointsEarned: 3888, pointBalance: 100000 };
    const first = quoteRefund(
      order(
        ls.map((l) => (l.contentsid === 1 ? l : { ...l, usedAt: day(1) })),
        base,
      ),
      day(10),
    );
    expect(first.contentsids).toEqual([1]);
    const before = {
      amount: first.amount,
      pointsRestored: first.pointsRestored,
      pointsTakenBack: first.pointsTakenBack,
      pointsShortfall: 0,
    };
    const second = quoteRefund(
      order(
        ls.map((l) => (l.contentsid === 1 ? { ...l, refunded: true } : l)),
        { ...base, before },
      ),
      day(11),
    );
    expect(second.contentsids).toEqual([2, 3]);
    expect(first.amount + second.amount).toBe(77777);
    expect(first.pointsRestored + second.pointsRestored).toBe(3333);
    expect(first.pointsTakenBack + second.pointsTakenBack).toBe(3888);
    expect(second.whole).toBe(true);
  });

  it('after 7 days an unused order is still refunded in full, as the unused share', () => {
    const q = quoteRefund(order([lecture(1, 50000)]), day(30));
    expect(q).toMatchObject({ refundable: true, basis: 'unused', amount: 50000 });
  });

  it('refuses when every lecture was used, with the reason', () => {
    const q = quoteRefund(order([lecture(1, 50000, { usedAt: day(0.1) })]), day(1));
    expect(q.refundable).toBe(false);
    expect(q.amount).toBe(0);
    expect(q.reasons[0]).toContain('수강한 것으로 간주');
  });

  it('refuses once the access period has ended, saying so', () => {
    const q = quoteRefund(order([lecture(1, 50000)]), day(91));
    expect(q.refundable).toBe(false);
    expect(q.reasons).toEqual(['수강 기간이 끝난 강의는 환불되지 않습니다.']);
  });

  it('refuses an order already refunded and a free order', () => {
    expect(quoteRefund(order([lecture(1, 50000, { refunded: true })]), day(1)).reasons).toEqual([
      '이미 환불이 완료된 주문입니다.',
    ]);
    expect(quoteRefund(order([lecture(1, 0)]), day(1)).refundable).toBe(false);
  });

  it('states the download rule the notice shows', () => {
    expect(REFUND_POLICY.downloadNotice).toContain('다운로드 시 사용으로 간주');
    expect(REFUND_POLICY.lines.join(' ')).toContain('7일');
    // Issue 41: an opened e-book is a downloaded file (it counts); the list of files is not (docs/decisions.md).
    expect(REFUND_POLICY.downloadNotice).toContain('강의 자료(전자책 포함)를 내려받거나 열면');
    expect(REFUND_POLICY.downloadNotice).toContain('목록을 보는 것만으로는 사용으로 보지 않습니다');
    expect(REFUND_POLICY.lines.join(' ')).toContain('자료 목록을 보는 것만으로는 수강한 것으로 보지 않습니다');
  });
});
