/**
 * The one refund rule (청약철회, issues 25 and 42) and the one refund policy text. The reference backend decides every
 * refund with `quoteRefund` from what it observed itself (payment time, each video's first play, recorded when it
 * issued that video's source, and the class's first handout download, recorded when it served the file); the FAQ,
 * the terms, the payment page and the handout download notice show `REFUND_POLICY`, so what a member reads is what
 * the server does.
 *
 * The law's floor (전자상거래법 17조; KFTC practice for remote lessons, ../shared/design/LIVE-SERVICES.md): within
 * 7 days of the contract a buyer may withdraw; opening or downloading an episode counts as taking it; the part not
 * yet taken is refundable, episode by episode. The store's rule meets that floor per video (강의), as members count
 * them ("4강"):
 * - a class's parts are its paid videos; a preview (미리보기) is free for anyone and is never a part nor a use; a
 *   class without a paid video (an e-book) is one part;
 * - a video is taken from its first play; a handout or e-book download takes the whole class (the file cannot be
 *   given back);
 * - within 7 days of payment with nothing taken, the whole order is refunded (청약철회);
 * - otherwise, at any time within the access period, each class's untaken videos are refunded at the class's price
 *   divided by its count of paid videos, and the refunded class ends (중도 해지); a class wholly taken, or whose access
 *   has ended, is not refunded. By count, not by duration: it is what members see and can check (docs/decisions.md).
 * Money is refunded in proportion to the parts' value, cumulatively, so several partial refunds of one order add up
 * to exactly what was paid and never more. Pure and dependency-free (rules/ imports nothing).
 */

import { refundedTo, type PaidMethod } from './paidMethod';

/** Days after payment within which an untaken order is withdrawn in full (전자상거래법 17조 1항). */
export const WITHDRAWAL_DAYS = 7;
const DAY_MS = 86_400_000;

/** What members read: the FAQ, the terms, the payment page and the handout download notice use these lines. */
export const REFUND_POLICY = {
  title: '환불 규정 (청약철회)',
  /** The full rule, for the terms and the FAQ answer. */
  lines: [
    `결제일로부터 ${WITHDRAWAL_DAYS}일 이내에 강의를 재생하거나 강의 자료를 내려받지 않은 주문은 전액 환불됩니다(청약철회). 누구나 볼 수 있는 미리보기 강의는 재생해도 수강으로 보지 않습니다.`,
    // Issue 41 (docs/decisions.md): opening an e-book is fetching its file, a download; the list of files is not.
    '강의 영상을 한 번이라도 재생한 강의는 수강한 것으로 간주됩니다. 강의 자료(전자책 포함)를 내려받거나 열면 그 클래스 전체를 수강한 것으로 간주합니다. 자료 목록을 보는 것만으로는 수강한 것으로 보지 않습니다.',
    `${WITHDRAWAL_DAYS}일이 지났거나 일부 강의를 수강한 주문은, 수강 기간 안이라면 언제든 아직 재생하지 않은 강의의 금액을 환불하고 그 클래스의 수강을 종료합니다. 강의 한 개의 금액은 클래스 판매가를 미리보기를 뺀 강의 수로 나눈 금액입니다.`,
    '수강 기간이 끝난 클래스는 환불되지 않습니다.',
    '결제에 사용한 포인트는 환불되는 비율만큼 돌려드리며, 쿠폰은 주문 전체가 환불될 때 다시 사용할 수 있습니다.',
    '결제로 적립된 포인트는 환불되는 비율만큼 회수되며, 보유 포인트가 부족하면 부족한 만큼 환불 금액에서 차감합니다.',
    '환불은 마이페이지 > 결제내역 > 주문 상세의 [환불 신청]에서 환불 금액과 수강으로 본 기록을 확인한 뒤 신청할 수 있고, 카드 결제는 카드사에 따라 취소 반영까지 3~7영업일이 걸릴 수 있습니다.',
  ],
  /** The short form under the payment button. */
  paymentPage: [
    `결제일로부터 ${WITHDRAWAL_DAYS}일 이내, 강의를 재생하거나 자료를 내려받지 않았다면 전액 환불됩니다. 미리보기 강의는 재생해도 수강으로 보지 않습니다.`,
    '재생한 강의는 수강한 것으로 간주되어 환불되지 않으며, 나머지 강의는 클래스 판매가를 강의 수로 나눈 금액으로 환불됩니다. 자료를 내려받은 클래스는 전체를 수강한 것으로 간주합니다.',
  ],
  /** Shown before a handout is downloaded. */
  downloadNotice:
    '강의 자료(전자책 포함)를 내려받거나 열면 이 클래스 전체를 수강한 것으로 간주되어 환불되지 않습니다(다운로드 시 사용으로 간주). 목록을 보는 것만으로는 사용으로 보지 않습니다.',
} as const;

/** One paid video of a class (never a preview), and its first play by the member, if any. */
export interface RefundVideo {
  title: string;
  playedAt: Date | null;
}

/** One class of the order, as the server recorded it. */
export interface RefundLecture {
  contentsid: number;
  title: string;
  /** Its price in the order (payment_items.price, the sale price when bought). */
  price: number;
  /** Its paid videos in curriculum order; none for a class without one (an e-book), which is then one part. */
  videos: readonly RefundVideo[];
  /** The first download of its handouts or e-book: the whole class is taken. */
  downloadedAt: Date | null;
  /** When its access period ends. */
  accessEnds: Date;
  /** Ended by an earlier refund of this order. */
  refunded: boolean;
  /** How many of its parts that refund paid back (all of them for refunds before per-video parts). */
  refundedParts: number;
}

/** The order's money and what earlier refunds of it already returned. */
export interface RefundOrder {
  paidAt: Date;
  /** Charged through the provider. */
  paidAmount: number;
  pointUsed: number;
  couponDiscount: number;
  /** Points the order earned (the 'earn' ledger row). */
  pointsEarned: number;
  lectures: readonly RefundLecture[];
  /** Totals of earlier refunds of this order (their quotes' figures, summed). */
  before: { amount: number; pointsRestored: number; pointsTakenBack: number; pointsShortfall: number };
  /** The member's point balance now, for taking earned points back. */
  pointBalance: number;
  /** How it was paid (payments.paid_method): the dialog names where the money goes back, "카카오페이 환불 금액". */
  paidMethod?: PaidMethod | null;
}

export type RefundBasis = 'withdrawal' | 'unused' | 'none';

export interface RefundQuote {
  refundable: boolean;
  basis: RefundBasis;
  /** Won returned to the card (or other provider method). */
  amount: number;
  /** Classes this refund ends. */
  contentsids: number[];
  /** Parts this refund pays back, per class it ends: `101:3,102:1` (refunds.parts). */
  parts: string;
  pointsRestored: number;
  pointsTakenBack: number;
  /** Part of the earned points the balance could not cover, taken from `amount` instead. */
  pointsShortfall: number;
  /** Coupon made usable again (only when the order is then wholly refunded). */
  couponRestored: boolean;
  /** Whether the order is wholly refunded after this refund. */
  whole: boolean;
  /** Korean lines a member reads: the amount and why, and what counted as use. */
  reasons: string[];
}

const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;

/** The cumulative share of `total` after refunding `part` of `whole` value: exact at the whole, rounded down before. */
const shareOf = (total: number, part: bigint, whole: bigint) =>
  part >= whole ? total : Number((BigInt(total) * part) / whole);

/** A class's parts: its paid videos, or the class itself when it has none. */
export const partsOf = (l: RefundLecture) => Math.max(1, l.videos.length);

/** Parts the member has taken: all of them once a file was downloaded, else the videos played. */
export function takenParts(l: RefundLecture): number {
  if (l.downloadedAt) return partsOf(l);
  return l.videos.filter((v) => v.playedAt).length;
}

/** "2026.12.01 14:03" in Korea's time, as the member's records show times. */
const kstText = (d: Date) => new Date(d.getTime() + 9 * 3_600_000).toISOString().slice(0, 16).replace(/-/g, '.').replace('T', ' ');

/** What counted as use of a class, for the member to check: each video's first play and the first download. */
function usesOf(l: RefundLecture): string | null {
  const uses = [
    ...l.videos.filter((v) => v.playedAt).map((v) => `${v.title} (${kstText(v.playedAt!)} 재생)`),
    ...(l.downloadedAt ? [`강의 자료 (${kstText(l.downloadedAt)} 내려받음)`] : []),
  ];
  return uses.length ? `수강으로 본 기록 - ${l.title}: ${uses.join(', ')}` : null;
}

function refusal(reason: string, uses: string[] = []): RefundQuote {
  return {
    refundable: false,
    basis: 'none',
    amount: 0,
    contentsids: [],
    parts: '',
    pointsRestored: 0,
    pointsTakenBack: 0,
    pointsShortfall: 0,
    couponRestored: false,
    whole: false,
    reasons: [reason, ...uses],
  };
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** What refunding the order now returns and why; `now` is the server's clock. */
export function quoteRefund(order: RefundOrder, now: Date): RefundQuote {
  const open = order.lectures.filter((l) => !l.refunded);
  if (!open.length) return refusal('이미 환불이 완료된 주문입니다.');
  // Each part's value is its class's price over its count of parts; on a common denominator, exactly.
  const lcm = BigInt(order.lectures.reduce((a, l) => (a * partsOf(l)) / gcd(a, partsOf(l)), 1));
  const value = (l: RefundLecture, parts: number) => (BigInt(l.price) * BigInt(parts) * lcm) / BigInt(partsOf(l));
  const whole = order.lectures.reduce((a, l) => a + value(l, partsOf(l)), 0n);
  if (whole <= 0n) return refusal('무료 강의는 환불할 금액이 없습니다.');
  const live = open.filter((l) => l.accessEnds.getTime() > now.getTime());
  const refunded = live.filter((l) => takenParts(l) < partsOf(l));
  const uses = open.map(usesOf).filter((u): u is string => u !== null);
  if (!live.length) return refusal('수강 기간이 끝난 강의는 환불되지 않습니다.');
  if (!refunded.length)
    return refusal('모든 강의를 재생했거나 자료(전자책 포함)를 내려받거나 열어 수강한 것으로 간주되므로 환불되지 않습니다.', uses);

  const refundedBefore = order.lectures.filter((l) => l.refunded).reduce((a, l) => a + value(l, l.refundedParts), 0n);
  const thisPart = refunded.reduce((a, l) => a + value(l, partsOf(l) - takenParts(l)), 0n);
  const after = refundedBefore + thisPart;
  const withinWithdrawal = now.getTime() - order.paidAt.getTime() <= WITHDRAWAL_DAYS * DAY_MS;
  const nothingUsed = order.lectures.every((l) => takenParts(l) === 0) && !order.lectures.some((l) => l.refunded);
  const basis: RefundBasis = withinWithdrawal && nothingUsed ? 'withdrawal' : 'unused';

  // An earlier shortfall was cash kept back for earned points: it counts as returned cash and as settled points.
  const b = order.before;
  const cash = shareOf(order.paidAmount, after, whole) - (b.amount + b.pointsShortfall);
  const pointsRestored = shareOf(order.pointUsed, after, whole) - b.pointsRestored;
  const owed = shareOf(order.pointsEarned, after, whole) - (b.pointsTakenBack + b.pointsShortfall);
  // Earned points are taken back from the balance (plus what this refund restores); what it cannot cover comes off the cash.
  const covered = Math.max(0, Math.min(owed, order.pointBalance + pointsRestored));
  const pointsShortfall = Math.min(owed - covered, cash);
  const amount = Math.max(0, cash - pointsShortfall);
  const isWhole = after >= whole;

  const reasons: string[] = [];
  if (basis === 'withdrawal')
    reasons.push(`결제일로부터 ${WITHDRAWAL_DAYS}일 이내이고 수강 기록이 없어 전액 환불됩니다(청약철회).`);
  else {
    reasons.push('아직 재생하지 않은 강의를 클래스 판매가를 강의 수로 나눈 금액으로 환불하고, 환불한 클래스의 수강을 종료합니다.');
    const kept = open
      .filter((l) => !refunded.includes(l))
      .map((l) => `${l.title} (${l.accessEnds.getTime() <= now.getTime() ? '수강 기간 종료' : '모두 수강함'})`);
    if (kept.length) reasons.push(`환불되지 않는 클래스: ${kept.join(', ')}`);
  }
  for (const l of refunded) {
    const left = partsOf(l) - takenParts(l);
    reasons.push(l.videos.length ? `환불 클래스: ${l.title} (${partsOf(l)}강 중 ${left}강)` : `환불 클래스: ${l.title}`);
  }
  reasons.push(...uses);
  reasons.push(`${refundedTo(order.paidMethod)} 환불 금액: ${won(amount)}`);
  if (pointsRestored > 0) reasons.push(`돌려받는 포인트: ${pointsRestored.toLocaleString('ko-KR')}P`);
  if (covered > 0) reasons.push(`회수되는 적립 포인트: ${covered.toLocaleString('ko-KR')}P`);
  if (pointsShortfall > 0)
    reasons.push(`보유 포인트가 부족해 적립 포인트 ${pointsShortfall.toLocaleString('ko-KR')}P를 환불 금액에서 차감했습니다.`);
  if (order.couponDiscount > 0)
    reasons.push(isWhole ? '사용한 쿠폰을 다시 사용할 수 있게 됩니다.' : '쿠폰은 주문 전체가 환불될 때 돌려드립니다.');

  return {
    refundable: true,
    basis,
    amount,
    contentsids: refunded.map((l) => l.contentsid),
    parts: refunded.map((l) => `${l.contentsid}:${partsOf(l) - takenParts(l)}`).join(','),
    pointsRestored,
    pointsTakenBack: covered,
    pointsShortfall,
    couponRestored: isWhole && order.couponDiscount > 0,
    whole: isWhole,
    reasons,
  };
}

/**
 * A refund the store issues from its console (issue 39): `amount` won of what is still held, whatever was used (the
 * operator decides, with a reason). Everything else follows the rule above, by the refunded share of the charge
 * instead of the lectures' prices: points used come back and earned points are taken back in that share, cumulatively
 * with earlier refunds of the order; the coupon comes back, and the order's lectures end, only when it is then wholly
 * refunded (`amount` is all that is left). What the balance cannot cover of the earned points is forgiven, never taken
 * off the amount the operator chose. The caller keeps `amount` within what can still be cancelled.
 */
export function quoteStoreRefund(order: RefundOrder, amount: number, left: number): RefundQuote {
  const b = order.before;
  const isWhole = amount >= left;
  // Cash the order no longer holds: earlier refunds, and cash kept back for earned points (their shortfall).
  const after = b.amount + b.pointsShortfall + amount;
  const share = (total: number) => (isWhole ? total : shareOf(total, BigInt(after), BigInt(order.paidAmount)));
  const pointsRestored = Math.max(0, share(order.pointUsed) - b.pointsRestored);
  const owed = Math.max(0, share(order.pointsEarned) - (b.pointsTakenBack + b.pointsShortfall));
  const pointsTakenBack = Math.min(owed, order.pointBalance + pointsRestored);
  const open = order.lectures.filter((l) => !l.refunded);
  const reasons = [`${isWhole ? '주문 전체' : '주문 일부'}를 운영자가 환불합니다.`, `${refundedTo(order.paidMethod)} 환불 금액: ${won(amount)}`];
  if (pointsRestored > 0) reasons.push(`돌려받는 포인트: ${pointsRestored.toLocaleString('ko-KR')}P`);
  if (pointsTakenBack > 0) reasons.push(`회수되는 적립 포인트: ${pointsTakenBack.toLocaleString('ko-KR')}P`);
  if (order.couponDiscount > 0)
    reasons.push(isWhole ? '사용한 쿠폰을 다시 사용할 수 있게 됩니다.' : '쿠폰은 주문 전체가 환불될 때 돌려드립니다.');
  return {
    refundable: amount > 0,
    basis: 'unused',
    amount,
    contentsids: isWhole ? open.map((l) => l.contentsid) : [],
    parts: '',
    pointsRestored,
    pointsTakenBack,
    pointsShortfall: 0,
    couponRestored: isWhole && order.couponDiscount > 0,
    whole: isWhole,
    reasons,
  };
}
