import type { AdminSalesFigures, AdminSalesReport } from '../../../api/queries/admin-sales';
import { EmptyState } from '../../../components/ui/EmptyState';
import { koNumber } from '../../../lib/formatPrice';
import { ROW_HEADER } from './salesText';

const won = (n: number) => koNumber.format(n);

/** The figures of one row, in the table's column order (amounts in 원, said once in the caption). */
function FigureCells({ f }: { f: AdminSalesFigures }) {
  return (
    <>
      <td className="num">{koNumber.format(f.orders)}</td>
      <td className="num">{won(f.gross)}</td>
      <td className="num">{won(f.refunds)}</td>
      <td className="num admin-sales-table__net">{won(f.net)}</td>
      <td className="num">{won(f.methods.card)}</td>
      <td className="num">{won(f.methods.installment)}</td>
      <td className="num">{won(f.methods.kakaopay)}</td>
      <td className="num">{won(f.methods.naverpay)}</td>
      <td className="num">{won(f.methods.tosspay)}</td>
    </>
  );
}

/** Every row of the report and 합계; on a phone the table scrolls inside its own box, never the page. */
export function SalesTable({ report }: { report: AdminSalesReport }) {
  if (report.rows.length === 0) return <EmptyState title="이 기간에는 매출도 환불도 없습니다." />;
  return (
    <div className="admin-sales-scroll" tabIndex={0} role="region" aria-label="매출 표 (옆으로 넘겨 볼 수 있습니다)">
      <table className="admin-sales-table" data-testid="admin-sales-table">
        <caption className="visually-hidden">
          {report.from} ~ {report.until} 매출 (금액 단위: 원)
        </caption>
        <thead>
          <tr>
            <th scope="col">{ROW_HEADER[report.groupby]}</th>
            <th scope="col">주문</th>
            <th scope="col">총매출</th>
            <th scope="col">환불</th>
            <th scope="col">순매출</th>
            <th scope="col">카드</th>
            <th scope="col">할부</th>
            <th scope="col">카카오페이</th>
            <th scope="col">네이버페이</th>
            <th scope="col">토스페이</th>
          </tr>
        </thead>
        <tbody>
          {report.rows.map((r) => (
            <tr key={r.key} data-key={r.key}>
              <th scope="row">
                {r.label}
                {r.contentsid !== null && <span className="admin-table__sub">클래스 {r.contentsid}</span>}
                {report.groupby === 'week' && (
                  <span className="admin-table__sub">
                    {r.from} ~ {r.until}
                  </span>
                )}
              </th>
              <FigureCells f={r} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-key="total">
            <th scope="row">합계</th>
            <FigureCells f={report.totals} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
