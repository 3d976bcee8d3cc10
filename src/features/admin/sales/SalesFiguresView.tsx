import type { AdminSalesFigures } from '../../../api/queries/admin-sales';
import { formatWon, koNumber } from '../../../lib/formatPrice';
import { METHOD_LABEL, shareOf } from './salesText';

/** The period's totals as four cards, and the gross split by payment method. */
export function SalesFiguresView({ totals }: { totals: AdminSalesFigures }) {
  const cards = [
    { key: 'gross', label: '총매출', value: formatWon(totals.gross) },
    { key: 'refunds', label: '환불', value: formatWon(totals.refunds) },
    { key: 'net', label: '순매출', value: formatWon(totals.net) },
    { key: 'orders', label: '주문 수', value: `${koNumber.format(totals.orders)}건` },
  ];
  return (
    <>
      <dl className="admin-sales-totals" aria-label="기간 합계">
        {cards.map((c) => (
          <div key={c.key} className="admin-sales-total" data-total={c.key}>
            <dt>{c.label}</dt>
            <dd>{c.value}</dd>
          </div>
        ))}
      </dl>
      <section className="admin-card admin-sales-methods" aria-labelledby="sales-methods-title">
        <h2 id="sales-methods-title" className="admin-sales-methods__title">
          결제수단별 총매출
        </h2>
        <ul>
          {(Object.keys(METHOD_LABEL) as (keyof typeof METHOD_LABEL)[]).map((m) => (
            <li key={m} data-method={m} className={m === 'installment' ? 'admin-sales-methods__sub' : undefined}>
              <span className="admin-sales-methods__name">{METHOD_LABEL[m]}</span>
              <span className="admin-sales-methods__bar" aria-hidden="true">
                <span style={{ width: `${shareOf(totals.methods[m], totals.gross)}%` }} />
              </span>
              <span className="admin-sales-methods__amount">
                {formatWon(totals.methods[m])}
                <span className="admin-table__sub">{shareOf(totals.methods[m], totals.gross)}%</span>
              </span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
