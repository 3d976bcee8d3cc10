import { describe, expect, it } from 'vitest';
import { quoteRefund, REFUND_POLICY, type RefundLecture, type RefundOrder } from './refund';

const PAID = new Date('2026-03-01T00:00:00Z');
const day = (n: number) => new Date(PAID.getTime() + n * 86_400_000);
const lecture = (contentsid: number, price: number, over: Partial<RefundLecture> = {}): RefundLecture => ({
  contentsid,
  title: `강의 ${contentsid}`,
  price,
  videos: [{ title: '1강', playedAt: null }],
  downloadedAt: null,
  accessEnds: day(90),
  refunded: false,
  refundedParts: 0,
  ...over,
});
/** A class of `n` paid videos, the first `played` of them played at `when`. */
const videos = (n: number, played = 0, when = day(1)) =>
  Array.from({ length: n }, (_, i) => ({ title: `${i + 1}강`, playedAt: i < played ? when : null }));
/** Every video played: the whole class taken. */
const used = (when: Date) => ({ videos: [{ title: '1강', playedAt: when }] });
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
      order([lecture(1, 60000, used(day(1))), lecture(2, 40000)], {
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
    expect(q.reasons.join('\n')).toContain('강의 1 (모두 수강함)');
  });

  it('partial refunds of one order add up to exactly what was paid, never more', () => {
    const ls = [lecture(1, 33333), lecture(2, 33333), lecture(3, 33334)];
    const base = { paidAmount: 77777, pointUsed: 3333, pointsEarned: 3888, pointBalance: 100000 };
    const first = quoteRefund(
      order(
        ls.map((l) => (l.contentsid === 1 ? l : { ...l, ...used(day(1)) })),
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
        ls.map((l) => (l.contentsid === 1 ? { ...l, refunded: true, refundedParts: 1 } : l)),
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
    const q = quoteRefund(order([lecture(1, 50000, used(day(0.1)))]), day(1));
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
    expect(quoteRefund(order([lecture(1, 50000, { refunded: true, refundedParts: 1 })]), day(1)).reasons).toEqual([
      '이미 환불이 완료된 주문입니다.',
    ]);
    expect(quoteRefund(order([lecture(1, 0)]), day(1)).refundable).toBe(false);
  });

  it('counts a class by its paid videos: 1 of 3 played refunds 2/3 and ends the class (issue 42, finding 1)', () => {
    const q = quoteRefund(order([lecture(1, 42000, { title: '코어 클래스', videos: videos(3, 1, day(2)) })]), day(3));
    expect(q).toMatchObject({ refundable: true, basis: 'unused', amount: 28000, contentsids: [1], parts: '1:2', whole: false });
    expect(q.reasons).toContain('환불 클래스: 코어 클래스 (3강 중 2강)');
    // What counted as use is shown: which video, when first played (KST).
    expect(q.reasons).toContain('수강으로 본 기록 - 코어 클래스: 1강 (2026.03.03 09:00 재생)');
  });

  it('within 7 days with no paid video played, the order is withdrawn whole (previews are not parts)', () => {
    const q = quoteRefund(order([lecture(1, 42000, { videos: videos(3) })]), day(2));
    expect(q).toMatchObject({ basis: 'withdrawal', amount: 42000, whole: true });
  });

  it('a download takes the whole class; a class without paid videos is one part', () => {
    const downloaded = quoteRefund(order([lecture(1, 30000, { videos: videos(3), downloadedAt: day(1) })]), day(2));
    expect(downloaded.refundable).toBe(false);
    expect(downloaded.reasons.join('\n')).toContain('강의 자료 (2026.03.02 09:00 내려받음)');
    const ebook = quoteRefund(order([lecture(2, 20000, { videos: [] }), lecture(3, 10000, { videos: [], downloadedAt: day(1) })]), day(9));
    expect(ebook).toMatchObject({ refundable: true, amount: 20000, contentsids: [2], parts: '2:1' });
  });

  it('part refunds of classes with different video counts add up to exactly what was paid', () => {
    const ls = [lecture(1, 10001, { videos: videos(3, 1) }), lecture(2, 20002, { videos: videos(7, 2) }), lecture(3, 333, { videos: videos(4) })];
    const base = { paidAmount: 27777, pointUsed: 2557, pointsEarned: 1388, pointBalance: 100000 };
    const first = quoteRefund(order(ls, base), day(10));
    expect(first.contentsids).toEqual([1, 2, 3]);
    // 2/3 of 10,001 + 5/7 of 20,002 + all of 333, as a share of 30,336, of 27,777 paid, rounded down.
    const share = (10001 * 2) / 3 + (20002 * 5) / 7 + 333;
    expect(first.amount).toBe(Math.floor((27777 * share) / 30336));
    expect(first.whole).toBe(false);
    // Nothing is left to refund: the classes ended.
    const ended = ls.map((l) => ({ ...l, refunded: true, refundedParts: Number(first.parts.split(',').find((p) => p.startsWith(`${l.contentsid}:`))!.split(':')[1]) }));
    expect(quoteRefund(order(ended, base), day(11)).reasons[0]).toBe('이미 환불이 완료된 주문입니다.');
  });

  it('the payment page and the quote say the same rule', () => {
    const page = REFUND_POLICY.paymentPage.join(' ');
    expect(page).toContain('미리보기 강의는 재생해도 수강으로 보지 않습니다');
    expect(page).toContain('클래스 판매가를 강의 수로 나눈 금액으로 환불');
    const q = quoteRefund(order([lecture(1, 40000, { videos: videos(4, 1) })]), day(8));
    expect(q.reasons[0]).toContain('클래스 판매가를 강의 수로 나눈 금액으로 환불');
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
