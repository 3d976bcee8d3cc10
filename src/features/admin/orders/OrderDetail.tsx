import { useQuery } from '@tanstack/react-query';
import { adminOrderQuery, type AdminOrder } from '../../../api/queries/admin-orders';
import { formatDateTimeKst } from '../../../lib/formatDateTime';
import { formatWon } from '../../../lib/formatPrice';
import { PageSkeleton } from '../../../components/ui/Skeleton';
import { AdminFailure, AdminPageHead, Fact } from '../shell/AdminParts';
import { methodText, PROVIDER_STATUS_LABEL, STATUS_BADGE, STATUS_LABEL } from './orderText';
import { RefundForm } from './RefundForm';

/** One order: its figures, lines, refunds, the payment provider's own record and the refund form. */
export function OrderDetail({ paymentid, onBack }: { paymentid: number; onBack: () => void }) {
  const order = useQuery(adminOrderQuery(paymentid));
  const back = (
    <button type="button" className="btn btn--sm" onClick={onBack}>
      목록으로
    </button>
  );
  if (order.isError && !order.data)
    return (
      <>
        {back}
        <AdminFailure error={order.error} onRetry={() => void order.refetch()} />
      </>
    );
  if (!order.data) return <PageSkeleton lines={10} />;
  const o = order.data;
  return (
    <>
      <AdminPageHead title={`주문 ${o.paymentid}`} lead={o.title}>
        {back}
      </AdminPageHead>
      <section className="admin-card" aria-labelledby="order-summary" data-testid="admin-order-detail">
        <h2 id="order-summary" className="admin-card__title">
          주문 내용 <span className={`admin-badge ${STATUS_BADGE[o.status]}`}>{STATUS_LABEL[o.status]}</span>
        </h2>
        <dl className="admin-facts">
          <Fact term="회원" value={`${o.member}${o.email ? ` · ${o.email}` : ''}`} />
          <Fact term="회원 ID" value={o.useruid} />
          <Fact term="결제수단" value={methodText(o)} />
          <Fact term="주문일" value={formatDateTimeKst(o.regdate)} />
          <Fact term="결제일" value={o.paiddate ? formatDateTimeKst(o.paiddate) : '-'} />
          <Fact term="주문금액" value={formatWon(o.amount)} />
          {o.coupondiscount > 0 && <Fact term="쿠폰 할인" value={`-${formatWon(o.coupondiscount)} (${o.couponnumber ?? ''})`} />}
          {o.pointused > 0 && <Fact term="포인트 사용" value={`-${o.pointused.toLocaleString('ko-KR')}P`} />}
          <Fact term="결제금액" value={formatWon(o.paidamount)} strong />
          <Fact term="환불금액" value={formatWon(o.refundedamount)} />
          <Fact term="환불 가능" value={formatWon(o.cancellable)} strong />
        </dl>
      </section>
      <section className="admin-card" aria-labelledby="order-lines">
        <h2 id="order-lines" className="admin-card__title">
          강의
        </h2>
        <ul className="admin-lines">
          {o.lines.map((l) => (
            <li key={l.contentsid}>
              <span>
                <strong>{l.title}</strong>
                <span className="admin-table__sub">
                  클래스 {l.contentsid} · {l.refunded ? '환불됨' : l.accessends ? `수강 종료 ${formatDateTimeKst(l.accessends)}` : '수강 정보 없음'}
                  {l.firstused && ` · 첫 재생/자료 ${formatDateTimeKst(l.firstused)}`}
                </span>
              </span>
              <span>{formatWon(l.price)}</span>
            </li>
          ))}
        </ul>
      </section>
      <ProviderRecord order={o} />
      {o.refunds.length > 0 && (
        <section className="admin-card" aria-labelledby="order-refunds">
          <h2 id="order-refunds" className="admin-card__title">
            환불 내역
          </h2>
          <ul className="admin-lines" data-testid="admin-order-refunds">
            {o.refunds.map((r) => (
              <li key={r.refundid}>
                <span>
                  <strong>{r.status === 'done' ? (r.whole ? '전액 환불' : '부분 환불') : r.unsettled ? '결제사 확인 대기' : '처리 중'}</strong>
                  <span className="admin-table__sub">
                    {r.issuedby === 'staff' ? '운영자' : '회원 신청'} · {formatDateTimeKst(r.donedat ?? r.createdat)} · 사유: {r.reason}
                  </span>
                  {(r.pointsrestored > 0 || r.pointstakenback > 0 || r.couponrestored) && (
                    <span className="admin-table__sub">
                      {[
                        r.pointsrestored > 0 && `포인트 반환 ${r.pointsrestored.toLocaleString('ko-KR')}P`,
                        r.pointstakenback > 0 && `적립 회수 ${r.pointstakenback.toLocaleString('ko-KR')}P`,
                        r.couponrestored && '쿠폰 반환',
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  )}
                </span>
                <span>{formatWon(r.amount)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {o.cancellable > 0 && o.refunds.every((r) => r.status === 'done') && <RefundForm order={o} />}
    </>
  );
}

/** The provider's own record, read when the order was opened: PortOne's live, the test-card ledger in the demo. */
function ProviderRecord({ order: o }: { order: AdminOrder }) {
  const p = o.provider;
  if (!p && !o.providererror) return null;
  return (
    <section className="admin-card" aria-labelledby="order-provider" data-testid="admin-order-provider">
      <h2 id="order-provider" className="admin-card__title">
        {p?.source === 'demo' ? '결제사 기록 (데모: 테스트 카드 장부)' : 'PortOne 결제 기록'}
      </h2>
      {o.providererror && (
        <p className="admin-form__error" role="alert">
          {o.providererror}
        </p>
      )}
      {p && (
        <dl className="admin-facts">
          <Fact term="결제 ID" value={p.paymentid} />
          <Fact term="상태" value={PROVIDER_STATUS_LABEL[p.status] ?? p.status} />
          <Fact term="결제 금액" value={formatWon(p.totalamount)} />
          <Fact term="취소된 금액" value={formatWon(p.cancelledamount)} />
          <Fact term="결제수단" value={methodText({ method: p.method, installmentmonth: p.installmentmonth ?? 0 })} />
          {p.txid && <Fact term="거래 ID" value={p.txid} />}
          {p.paidat && <Fact term="결제 시각" value={formatDateTimeKst(p.paidat)} />}
          {p.receipturl && (
            <div>
              <dt>영수증</dt>
              <dd>
                <a href={p.receipturl} target="_blank" rel="noreferrer noopener">
                  결제사 영수증 열기
                </a>
              </dd>
            </div>
          )}
        </dl>
      )}
      {p?.source === 'demo' && <p className="admin-muted">데모에서는 실제 결제사 대신 테스트 카드 장부가 결제사 기록입니다.</p>}
    </section>
  );
}
