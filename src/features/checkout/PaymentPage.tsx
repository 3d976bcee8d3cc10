import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { NOTHING_TO_BUY_MESSAGE, checkoutBreakdown, checkoutPointCeiling } from '../../../machines/checkout';
import { useSessionUser } from '../../auth/sessionStore';
import { QueryState } from '../../components/section/QueryState';
import { SkeletonBlock } from '../../components/ui/Skeleton';
import { formatPoints, formatWon } from '../../lib/format';
import { attemptFor } from './attemptStore';
import { Breakdown } from './Breakdown';
import { CheckoutSkeleton, LectureRowsSkeleton } from './CheckoutSkeleton';
import { ConfirmingNotice } from './ConfirmingNotice';
import { LocalCardWindow } from './LocalCardWindow';
import { MyCouponPicker } from './MyCouponPicker';
import { RefundSummary } from './RefundSummary';
import { PayMethodField } from './PayMethodField';
import { useCheckout, type CheckoutActor, type CheckoutSnapshot } from './useCheckout';
import { payBlockedReason, useOrderFacts, type OrderFacts } from './useOrderFacts';
import './checkout.css';

const PRICE_WAITS_TEXT = '주문 클래스를 불러오면 결제 금액이 표시됩니다.';
const POINTS_RULE_TEXT = '보유 포인트와 결제 금액을 넘어 사용할 수 없습니다.';
const PAY_WITHOUT_POINTS_TEXT = '포인트 없이 쿠폰과 카드로 결제할 수 있습니다.';

export const AGREEMENT_LABEL = '주문 내용을 확인하였으며, 결제 진행 및 환불 규정에 동의합니다.';

/** /payment/{contentsids}: what is bought, coupon, points, the breakdown and one 결제하기. */
export function PaymentPage({ contentsids }: { contentsids: number[] }) {
  const user = useSessionUser();
  const [start] = useState(() => {
    const resume = attemptFor(contentsids);
    return {
      kind: 'page' as const,
      contentsids,
      ...(resume ? { resume: { paymentid: resume.paymentid, pgtid: resume.pgtid } } : {}),
    };
  });
  const running = useCheckout(start, user.data);
  const facts = useOrderFacts(running?.actor, user.data?.useruid ?? '', contentsids);
  if (!contentsids.length) return <Notice title="결제할 클래스가 없습니다" message="결제할 클래스를 다시 선택해주세요." />;
  if (!running) return <CheckoutSkeleton count={contentsids.length} />;
  const { actor, snapshot: s } = running;
  const c = s.context;

  if (s.matches('starting') || s.matches('resuming')) return <CheckoutSkeleton count={contentsids.length} />;
  if (s.matches('owned'))
    return (
      <Notice title="이미 구매한 클래스가 있습니다" message={`이미 구매한 클래스입니다: ${c.owned.titles.join(', ')}`}>
        <button type="button" className="btn btn--primary" onClick={() => actor.send({ type: 'DROP_OWNED' })}>
          구매한 클래스를 빼고 결제하기
        </button>
        <Link to="/myclass" className="btn">
          내 강의실로
        </Link>
      </Notice>
    );
  if (s.matches('nothingToBuy'))
    return (
      <Notice title="결제할 클래스가 없습니다" message={NOTHING_TO_BUY_MESSAGE}>
        <Link to="/myclass" className="btn btn--primary">
          내 강의실로
        </Link>
      </Notice>
    );
  if (s.matches('confirming') || s.matches('confirmStalled') || s.matches('resumeStalled'))
    return <ConfirmingNotice actor={actor} snapshot={s} />;
  if (s.matches('paid') || s.matches('paidFree') || s.matches('failed'))
    return <Notice title="결제가 처리되었습니다" message="결과 페이지로 이동합니다." />;
  return (
    <>
      <OrderForm actor={actor} snapshot={s} facts={facts} count={contentsids.length} />
      <LocalCardWindow />
    </>
  );
}

function OrderForm({
  actor,
  snapshot: s,
  facts,
  count,
}: {
  actor: CheckoutActor;
  snapshot: CheckoutSnapshot;
  facts: OrderFacts;
  /** Classes ordered: the skeleton rows while their records load. */
  count: number;
}) {
  const c = s.context;
  const figures = checkoutBreakdown(c);
  const busy = s.matches('saving') || s.matches('paying');
  const blocked = payBlockedReason(facts, s);
  return (
    <div className="checkout">
      <section className="checkout__block" aria-labelledby="checkout-lectures">
        <h2 id="checkout-lectures" className="checkout__title">
          주문 클래스 {c.known.lectures && <span className="checkout__count">{c.lectures.length}개</span>}
        </h2>
        {/* The wait line lies over the skeleton rows: the block keeps its height when the rows come (issue 26). */}
        <div className="checkout-wait">
          <QueryState query={facts.lectures} fallback={<LectureRowsSkeleton count={count} />}>
            {/* The rows come from the checkout, which hears of the records an effect later: skeleton rows till then. */}
            {() =>
              !c.known.lectures ? (
                <LectureRowsSkeleton count={count} />
              ) : (
                <ul className="checkout-lectures">
                  {c.lectures.map((l) => (
                    <li key={l.contentsid} className="checkout-lectures__item">
                      <span className="checkout-lectures__name">{l.title}</span>
                      <span className="checkout-lectures__price">
                        {l.saleprice < l.price && <del>{formatWon(l.price)}</del>}
                        <strong>{l.saleprice === 0 ? '무료' : formatWon(l.saleprice)}</strong>
                      </span>
                    </li>
                  ))}
                </ul>
              )
            }
          </QueryState>
        </div>
      </section>
      <div className="checkout__side">
        {/* A 0원 order (a free class) has nothing to discount: no coupon or points fields (issue 25). */}
        {!(c.known.lectures && figures.amount === 0) && (
          <>
            <CouponField actor={actor} snapshot={s} disabled={busy || !c.known.lectures} />
            <PointsField actor={actor} snapshot={s} disabled={busy} balance={facts.points} />
          </>
        )}
        {/* In its place (disabled) before the amount is known: only a 0원 order goes without it. */}
        {!(c.known.lectures && figures.paidamount === 0) && (
          <PayMethodField amount={c.known.lectures ? figures.paidamount : undefined} disabled={busy || !c.known.lectures} />
        )}
        <section className="checkout__block" aria-labelledby="checkout-sum">
          <h2 id="checkout-sum" className="checkout__title">
            결제 금액
          </h2>
          {c.known.lectures ? <Breakdown figures={figures} /> : <p className="muted checkout-sum-wait">{PRICE_WAITS_TEXT}</p>}
          <label className="checkout-agree">
            <input
              type="checkbox"
              checked={c.agreed}
              disabled={busy}
              onChange={(e) => actor.send({ type: 'AGREE', agreed: e.target.checked })}
            />
            <span>{AGREEMENT_LABEL}</span>
          </label>
          <RefundSummary />
          {/* Nothing to show once known (an owned lecture leads to its own notice); a failed check says so here. */}
          {!c.known.owned && <QueryState query={facts.owned}>{() => null}</QueryState>}
          {c.message && (
            <p className="checkout__message" role="alert">
              {c.message}
            </p>
          )}
          <button
            type="button"
            className="btn btn--primary checkout__pay"
            // aria-disabled, not disabled: the button keeps focus while the card window is open, so closing
            // the window (취소, Esc) returns keyboard focus here instead of to the top of the page.
            aria-disabled={busy}
            aria-busy={busy}
            disabled={!busy && blocked !== null}
            aria-describedby={blocked ? 'checkout-pay-blocked' : undefined}
            onClick={busy ? undefined : () => actor.send({ type: 'PAY' })}
          >
            {busy ? '결제 진행 중…' : c.known.lectures && figures.paidamount === 0 ? '무료로 수강 신청하기' : '결제하기'}
          </button>
          {blocked && (
            <p id="checkout-pay-blocked" className="checkout__pay-blocked">
              {blocked}
            </p>
          )}
        </section>
      </div>
    </div>
  );
}

function CouponField({ actor, snapshot: s, disabled }: { actor: CheckoutActor; snapshot: CheckoutSnapshot; disabled: boolean }) {
  const c = s.context;
  const [code, setCode] = useState('');
  const looking = s.matches({ editing: 'lookingUpCoupon' });
  return (
    <section className="checkout__block" aria-labelledby="checkout-coupon">
      <h2 id="checkout-coupon" className="checkout__title">
        쿠폰
      </h2>
      {c.coupon ? (
        <p className="checkout-applied">
          <span>
            <strong>{c.coupon.name}</strong> <span className="muted">{c.coupon.couponnumber}</span>
          </span>
          <button type="button" className="btn btn--sm" disabled={disabled} onClick={() => actor.send({ type: 'COUPON_REMOVE' })}>
            해제
          </button>
        </p>
      ) : (
        <>
          <MyCouponPicker
            disabled={disabled || looking}
            onChoose={(couponnumber) => actor.send({ type: 'COUPON_APPLY', couponnumber })}
          />
          <form
            className="checkout-field"
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'COUPON_APPLY', couponnumber: code });
            }}
          >
            <label className="sr-only" htmlFor="coupon-number">
              쿠폰 번호
            </label>
            <input
              id="coupon-number"
              value={code}
              placeholder="쿠폰 번호 입력"
              autoComplete="off"
              maxLength={100}
              disabled={disabled}
              onChange={(e) => setCode(e.target.value)}
            />
            <button type="submit" className="btn btn--dark" disabled={disabled || looking}>
              {looking ? '확인 중…' : '적용'}
            </button>
          </form>
        </>
      )}
      {c.couponMessage && (
        <p className="checkout__field-message" role="alert">
          {c.couponMessage}
        </p>
      )}
    </section>
  );
}

function PointsField({
  actor,
  snapshot: s,
  disabled,
  balance,
}: {
  actor: CheckoutActor;
  snapshot: CheckoutSnapshot;
  disabled: boolean;
  balance: OrderFacts['points'];
}) {
  const c = s.context;
  const ceiling = checkoutPointCeiling(c);
  // An unknown balance is never shown as 0 P: the row says why, the rest of the order can still be paid.
  return (
    <section className="checkout__block" aria-labelledby="checkout-points">
      <h2 id="checkout-points" className="checkout__title">
        포인트 {c.known.points && <span className="checkout__count">보유 {formatPoints(c.pointBalance)} P</span>}
      </h2>
      <div className="checkout-wait">
        <QueryState query={balance} fallback={<SkeletonBlock height={48} radius={8} />}>
          {() => (
            <div className="checkout-field">
              <label className="sr-only" htmlFor="point-amount">
                사용할 포인트
              </label>
              <input
                id="point-amount"
                inputMode="numeric"
                value={c.pointsWanted ? c.pointsWanted.toLocaleString('ko-KR') : ''}
                placeholder="0"
                disabled={disabled || c.pointBalance <= 0}
                onChange={(e) => actor.send({ type: 'POINTS_SET', amount: Number(e.target.value.replace(/[^0-9]/g, '')) })}
              />
              <button
                type="button"
                className="btn btn--dark"
                disabled={disabled || ceiling <= 0}
                onClick={() => actor.send({ type: 'POINTS_USE_ALL' })}
              >
                전액 사용
              </button>
            </div>
          )}
        </QueryState>
      </div>
      {/* In the document while the balance loads too: the block keeps its height. */}
      <p className="muted">{balance.isError ? PAY_WITHOUT_POINTS_TEXT : POINTS_RULE_TEXT}</p>
    </section>
  );
}

function Notice({ title, message, children }: { title: string; message: string; children?: React.ReactNode }) {
  return (
    <section className="checkout-notice" role="status">
      <h2 className="checkout-notice__title">{title}</h2>
      <p className="checkout-notice__message">{message}</p>
      {children && <div className="checkout-notice__actions">{children}</div>}
    </section>
  );
}
