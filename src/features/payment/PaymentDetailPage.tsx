import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { orderLecturesQuery } from '../../api/queries/catalogOrder';
import { paymentInfoQuery, type Payment } from '../../api/queries/payment';
import { AmountRows } from '../../components/ui/AmountRows';
import { formatDateTimeKst } from '../../lib/formatDateTime';
import { paymentBadge } from './paymentStatus';
import { mayAskRefund, RefundAction } from './RefundAction';
import { OrderTerms } from '../checkout/OrderTerms';
import { formatWon } from '../../lib/format';
import { StatusBadge } from './StatusBadge';
import { paidMethodText } from '../../../rules/paidMethod';
import '../checkout/checkout.css';
import './payment.css';

/** One order of /mypayment (?paymentid=): lectures, amounts, coupon, points, how it was paid and dates on Korean time. */
export function PaymentDetailPage({ paymentid }: { paymentid: number }) {
  const { data: p } = useSuspenseQuery(paymentInfoQuery(paymentid));
  return (
    <div className="page payment-detail" data-testid="payment-detail">
      <Link to="/mypayment" className="payment-detail__back">
        ‹ 결제내역 목록
      </Link>
      <header className="payment-detail__head">
        <h2 className="payment-detail__title">주문번호 {p.paymentid}</h2>
        <StatusBadge badge={paymentBadge(p)} />
      </header>
      <dl className="payment-facts">
        <div>
          <dt>주문일시</dt>
          <dd>{formatDateTimeKst(p.regdate)}</dd>
        </div>
        <div>
          <dt>결제일시</dt>
          <dd>{p.paiddate ? formatDateTimeKst(p.paiddate) : '-'}</dd>
        </div>
      </dl>

      <section className="payment-detail__section" aria-labelledby="pd-lectures">
        <h3 id="pd-lectures">주문 클래스</h3>
        <OrderLectures payment={p} />
      </section>

      <section className="payment-detail__section" aria-labelledby="pd-amounts">
        <h3 id="pd-amounts">결제 금액</h3>
        <AmountRows
          className="payment-amounts"
          data-testid="payment-amounts"
          rows={[
            { label: '상품금액', won: p.amount },
            {
              label: '쿠폰 할인',
              won: p.coupondiscount,
              deduct: true,
              note: p.couponnumber ? <small> ({p.couponnumber})</small> : null,
            },
            { label: '포인트 사용', won: p.pointused, deduct: true },
          ]}
          total={p.paidamount}
          totalClassName="payment-amounts__total"
        />
        {(p.refundedamount ?? 0) > 0 && (
          <p className="payment-refund" data-testid="payment-refunded">
            환불금액 <strong>{formatWon(p.refundedamount ?? 0)}</strong>
          </p>
        )}
      </section>

      <section className="payment-detail__section" aria-labelledby="pd-method">
        <h3 id="pd-method">결제 수단</h3>
        <dl className="payment-facts">
          <div>
            <dt>결제 방법</dt>
            <dd data-testid="paid-method">{paidMethodText(p.paidmethod, p.installmentmonth)}</dd>
          </div>
          {p.pgtid && (
            <div>
              <dt>승인번호</dt>
              <dd className="payment-facts__mono">{p.pgtid}</dd>
            </div>
          )}
        </dl>
      </section>

      {p.paiddate && <ReceiptTerms payment={p} />}

      <div className="payment-detail__actions">
        <Link to="/mypayment" className="btn">
          목록으로
        </Link>
        {p.paiddate &&
          (p.receipturl ? (
            // The provider's own receipt (카드 매출전표), in a new tab so the order stays open.
            <a className="btn" href={p.receipturl} target="_blank" rel="noopener noreferrer" data-testid="receipt-link">
              영수증 보기
            </a>
          ) : (
            <button type="button" className="btn" onClick={() => window.print()} data-testid="receipt-print">
              영수증 인쇄
            </button>
          ))}
        {mayAskRefund(p) && <RefundAction payment={p} />}
        {p.status === 'paid' && (
          <Link to="/myclass" className="btn btn--primary">
            내 강의실로
          </Link>
        )}
      </div>
    </div>
  );
}

/**
 * The receipt's legal part (전자상거래법 13조 2항: supplier, price, access period, withdrawal): the result page's
 * block, so 영수증 인쇄 of this page is the local provider's printable receipt.
 */
function ReceiptTerms({ payment }: { payment: Payment }) {
  const { data } = useQuery(orderLecturesQuery(payment.contentsids));
  return <OrderTerms order={payment} lectures={data} />;
}

/** Titles and thumbnails from the catalogue; the order's own title stands in when a lecture can no longer be read. */
function OrderLectures({ payment }: { payment: Payment }) {
  const { data, isPending, isError } = useQuery(orderLecturesQuery(payment.contentsids));
  if (isPending) return <p className="payment-lectures__fallback">불러오는 중…</p>;
  if (isError) return <p className="payment-lectures__fallback">{payment.title}</p>;
  return (
    <ul className="payment-lectures">
      {data.map((l) => (
        <li key={l.contentsid}>
          <img src={l.thumbnail} alt="" width={96} height={60} loading="lazy" />
          <div>
            <Link to="/classView/$contentsid" params={{ contentsid: l.contentsid }} className="payment-lectures__title">
              {l.title}
            </Link>
            <p className="payment-lectures__meta">
              {l.teachername} · 수강기간 {l.period}일
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
