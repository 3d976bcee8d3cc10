import { startTransition, useState } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PAYMENT_PAGE_SIZE, paymentListQuery, type Payment, type PaymentView } from '../../api/queries/payment';
import { EmptyState } from '../../components/ui/EmptyState';
import { Pagination } from '../../components/ui/Pagination';
import { Tabs } from '../../components/ui/Tabs';
import { formatWon } from '../../lib/format';
import { formatDateTimeKst } from '../../lib/formatDateTime';
import { paymentBadge } from './paymentStatus';
import { StatusBadge } from './StatusBadge';
import { paidMethodText } from '../../../rules/paidMethod';
import './payment.css';

const VIEWS: [PaymentView, string][] = [
  ['orders', '주문 내역'],
  ['attempts', '결제 시도'],
];

/** What the history shows first: the route's loader asks for exactly this page before the screen renders. */
export const FIRST_LIST: { page: number; view: PaymentView } = { page: 1, view: 'orders' };

/**
 * /mypayment: the member's orders (what was paid, then refunded or not), newest first, paged; each opens its detail.
 * Attempts that were never paid (declined, closed, timed out) are not orders: they have their own tab.
 */
export function PaymentHistoryPage({ useruid }: { useruid: string }) {
  const [{ page, view }, setList] = useState<{ page: number; view: PaymentView }>(FIRST_LIST);
  // A transition keeps the current page on screen while the next one loads.
  const onPage = (next: number) => startTransition(() => setList((l) => ({ ...l, page: next })));
  const onView = (next: PaymentView) => startTransition(() => setList({ page: 1, view: next }));
  const { data } = useSuspenseQuery(paymentListQuery(useruid, page, view));
  return (
    <div className="page payments">
      <Tabs label="결제내역 구분" className="payments__views" tabs={VIEWS} selected={view} onSelect={onView} />
      <p className="payments__count">
        전체 <strong>{data.totalCount}</strong>건
      </p>
      {view === 'attempts' && (
        <p className="payments__hint">결제가 완료되지 않은 시도입니다. 청구된 금액은 없으며, 수강하려면 다시 결제해주세요.</p>
      )}
      {data.list.length === 0 && view === 'attempts' ? (
        <EmptyState title="결제 시도 내역이 없습니다." />
      ) : data.list.length === 0 ? (
        <EmptyState title="결제내역이 없습니다." hint="구매한 클래스의 결제 내역이 이곳에 표시됩니다.">
          <Link to="/main" className="btn btn--primary payments__browse">
            클래스 둘러보기
          </Link>
        </EmptyState>
      ) : (
        <ul className="payments__list" data-testid="payment-list">
          {data.list.map((p) => (
            <PaymentRow key={p.paymentid} payment={p} />
          ))}
        </ul>
      )}
      <Pagination page={page} pageSize={PAYMENT_PAGE_SIZE} totalCount={data.totalCount} onPage={onPage} />
    </div>
  );
}

function PaymentRow({ payment: p }: { payment: Payment }) {
  return (
    <li className="payment-row" data-testid="payment-row" data-paymentid={p.paymentid}>
      <div className="payment-row__head">
        <span className="payment-row__date">{formatDateTimeKst(p.regdate)}</span>
        <span className="payment-row__no">주문번호 {p.paymentid}</span>
        <StatusBadge badge={paymentBadge(p)} />
      </div>
      <p className="payment-row__title">{p.title}</p>
      {p.paidmethod && (
        <p className="payment-row__method" data-testid="paid-method">
          {paidMethodText(p.paidmethod, p.installmentmonth)}
        </p>
      )}
      {(p.refundedamount ?? 0) > 0 && (
        <p className="payment-refund" data-testid="payment-refunded">
          환불금액 <strong>{formatWon(p.refundedamount ?? 0)}</strong>
        </p>
      )}
      <div className="payment-row__foot">
        <span className="payment-row__amount">
          {p.status === 'paid' || (p.refundedamount ?? 0) > 0 ? '결제금액' : '주문금액'} <strong>{formatWon(p.paidamount)}</strong>
          {p.paidamount !== p.amount && <del>{formatWon(p.amount)}</del>}
        </span>
        <Link
          to="/mypayment"
          search={{ paymentid: p.paymentid }}
          className="btn btn--sm"
          aria-label={`주문번호 ${p.paymentid} 상세보기`}
        >
          상세보기
        </Link>
      </div>
    </li>
  );
}
