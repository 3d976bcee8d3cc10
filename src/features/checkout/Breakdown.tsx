import type { Breakdown as Figures } from '../../../rules/price';
import { formatWon } from '../../lib/format';

const minus = (n: number) => (n > 0 ? `-${formatWon(n)}` : formatWon(0));

/** 정가, 할인, 쿠폰, 포인트, 최종 결제금액. */
export function Breakdown({ figures }: { figures: Figures }) {
  return (
    <dl className="checkout-sum" aria-label="결제 금액">
      <div>
        <dt>정가</dt>
        <dd>{formatWon(figures.listTotal)}</dd>
      </div>
      <div>
        <dt>할인</dt>
        <dd>{minus(figures.saleDiscount)}</dd>
      </div>
      <div>
        <dt>쿠폰</dt>
        <dd>{minus(figures.coupondiscount)}</dd>
      </div>
      <div>
        <dt>포인트</dt>
        <dd>{minus(figures.pointused)}</dd>
      </div>
      <div className="checkout-sum__total">
        <dt>최종 결제금액</dt>
        <dd data-testid="checkout-total">{formatWon(figures.paidamount)}</dd>
      </div>
    </dl>
  );
}
