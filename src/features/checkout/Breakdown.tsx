import type { Breakdown as Figures } from '../../../rules/price';
import { AmountRows } from '../../components/ui/AmountRows';

/** 정가, 할인, 쿠폰, 포인트, 최종 결제금액. */
export function Breakdown({ figures }: { figures: Figures }) {
  return (
    <AmountRows
      className="checkout-sum"
      aria-label="결제 금액"
      rows={[
        { label: '정가', won: figures.listTotal },
        { label: '할인', won: figures.saleDiscount, deduct: true },
        { label: '쿠폰', won: figures.coupondiscount, deduct: true },
        { label: '포인트', won: figures.pointused, deduct: true },
      ]}
      total={figures.paidamount}
      totalClassName="checkout-sum__total"
      totalTestId="checkout-total"
    />
  );
}
