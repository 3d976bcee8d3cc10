import { useMemo, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { adminOrdersQuery, type AdminOrderFilter, type AdminOrderMethod, type AdminOrderRow } from '../../../api/queries/admin-orders';
import { formatDateTimeKst } from '../../../lib/formatDateTime';
import { formatWon } from '../../../lib/formatPrice';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PageSkeleton } from '../../../components/ui/Skeleton';
import { AdminFailure, AdminPageHead, AdminRefusal, LoadMore } from '../shell/AdminParts';
import { canUse } from '../shell/roles';
import { useAdminMe } from '../shell/useAdminMe';
import { useAdminTitle } from '../shell/useAdminTitle';
import { OrderDetail } from './OrderDetail';
import { METHOD_FILTER_LABEL, methodText, STATUS_BADGE, STATUS_LABEL } from './orderText';
import { UnsettledRefunds } from './UnsettledRefunds';
import './orders.css';

/** 주문 (owner and operators): orders with their filters, one order with its refund, and the refunds waiting for 확인. */
export function OrdersPage() {
  useAdminTitle('주문');
  const me = useAdminMe();
  if (!canUse(me.role, 'orders')) return <AdminRefusal message="주문과 환불은 대표 운영자와 운영자만 볼 수 있습니다." />;
  return <Orders />;
}

function Orders() {
  const [filter, setFilter] = useState<AdminOrderFilter>({});
  const [open, setOpen] = useState<number | null>(null);
  if (open !== null) return <OrderDetail paymentid={open} onBack={() => setOpen(null)} />;
  return (
    <>
      <AdminPageHead title="주문" lead="기간·상태·결제수단·클래스·회원으로 주문을 찾고, 주문을 열어 결제사 기록을 확인하거나 환불합니다." />
      <UnsettledRefunds onOpen={setOpen} />
      <OrderFilters filter={filter} onChange={setFilter} />
      <OrderList filter={filter} onOpen={setOpen} />
    </>
  );
}

function OrderFilters({ filter, onChange }: { filter: AdminOrderFilter; onChange: (f: AdminOrderFilter) => void }) {
  const [member, setMember] = useState(filter.member ?? '');
  const [contentsid, setContentsid] = useState(filter.contentsid ? String(filter.contentsid) : '');
  const set = <K extends keyof AdminOrderFilter>(key: K, value: AdminOrderFilter[K] | '') => {
    const next = { ...filter, [key]: value };
    if (value === '' || value === undefined) delete next[key];
    onChange(next);
  };
  // The member and class boxes apply on 찾기 (or Enter), not on every letter.
  const apply = (e: React.FormEvent) => {
    e.preventDefault();
    const next = { ...filter };
    const m = member.trim();
    if (m) next.member = m;
    else delete next.member;
    if (/^[1-9]\d*$/.test(contentsid.trim())) next.contentsid = Number(contentsid.trim());
    else delete next.contentsid;
    onChange(next);
  };
  return (
    <form className="admin-audit-filters admin-order-filters" role="search" aria-label="주문 찾기" onSubmit={apply}>
      <div className="admin-field">
        <label htmlFor="order-from">시작일</label>
        <input id="order-from" type="date" value={filter.from ?? ''} max={filter.until} onChange={(e) => set('from', e.currentTarget.value)} />
      </div>
      <div className="admin-field">
        <label htmlFor="order-until">종료일</label>
        <input id="order-until" type="date" value={filter.until ?? ''} min={filter.from} onChange={(e) => set('until', e.currentTarget.value)} />
      </div>
      <div className="admin-field">
        <label htmlFor="order-status">상태</label>
        <select id="order-status" value={filter.status ?? ''} onChange={(e) => set('status', e.currentTarget.value as AdminOrderRow['status'] | '')}>
          <option value="">전체</option>
          {Object.entries(STATUS_LABEL).map(([status, label]) => (
            <option key={status} value={status}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor="order-method">결제수단</label>
        <select id="order-method" value={filter.method ?? ''} onChange={(e) => set('method', e.currentTarget.value as AdminOrderMethod | '')}>
          <option value="">전체</option>
          {Object.entries(METHOD_FILTER_LABEL).map(([method, label]) => (
            <option key={method} value={method}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor="order-class">클래스 번호</label>
        <input id="order-class" inputMode="numeric" value={contentsid} placeholder="예: 101" onChange={(e) => setContentsid(e.currentTarget.value)} />
      </div>
      <div className="admin-field">
        <label htmlFor="order-member">회원 (이메일 또는 회원 ID)</label>
        <input id="order-member" type="search" value={member} maxLength={200} autoComplete="off" onChange={(e) => setMember(e.currentTarget.value)} />
      </div>
      <div className="admin-field admin-order-filters__go">
        <button type="submit" className="btn btn--sm">
          찾기
        </button>
      </div>
    </form>
  );
}

function OrderList({ filter, onOpen }: { filter: AdminOrderFilter; onOpen: (paymentid: number) => void }) {
  const orders = useInfiniteQuery(adminOrdersQuery(filter));
  const rows = useMemo(() => orders.data?.pages.flatMap((p) => p.list) ?? [], [orders.data]);
  if (orders.isError && !orders.data) return <AdminFailure error={orders.error} onRetry={() => void orders.refetch()} />;
  if (orders.isPending) return <PageSkeleton lines={8} />;
  if (rows.length === 0) return <EmptyState title="조건에 맞는 주문이 없습니다." />;
  return (
    <>
      <table className="admin-table admin-order-table" data-testid="admin-order-table">
        <thead>
          <tr>
            <th scope="col">주문</th>
            <th scope="col">회원</th>
            <th scope="col">결제</th>
            <th scope="col">상태</th>
            <th scope="col">주문일 (한국)</th>
            <th scope="col">
              <span className="visually-hidden">열기</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((o) => (
            <tr key={o.paymentid} data-paymentid={o.paymentid}>
              <td className="admin-table__lead">
                <span>
                  <strong>{o.title}</strong>
                  <span className="admin-table__sub">주문번호 {o.paymentid}</span>
                </span>
              </td>
              <td data-label="회원">
                <span>
                  {o.member}
                  {o.email && <span className="admin-table__sub">{o.email}</span>}
                </span>
              </td>
              <td data-label="결제">
                <span>
                  {formatWon(o.paidamount)}
                  <span className="admin-table__sub">{methodText(o)}</span>
                </span>
              </td>
              <td data-label="상태">
                <span>
                  <span className={`admin-badge ${STATUS_BADGE[o.status]}`}>{STATUS_LABEL[o.status]}</span>
                  {o.refundedamount > 0 && <span className="admin-table__sub">환불 {formatWon(o.refundedamount)}</span>}
                  {o.unsettled && <span className="admin-table__sub admin-order-warn">환불 확인 대기</span>}
                </span>
              </td>
              <td data-label="주문일" className="admin-nowrap">
                {formatDateTimeKst(o.regdate)}
              </td>
              <td>
                <div className="admin-table__actions">
                  <button type="button" className="btn btn--sm" onClick={() => onOpen(o.paymentid)} aria-label={`주문 ${o.paymentid} 열기`}>
                    열기
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <LoadMore hasMore={!!orders.hasNextPage} loading={orders.isFetchingNextPage} onMore={() => void orders.fetchNextPage()} />
    </>
  );
}
