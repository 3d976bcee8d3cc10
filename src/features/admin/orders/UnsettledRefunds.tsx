import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminOrderKeys,
  adminUnsettledRefundsQuery,
  checkAdminRefund,
  retryAdminRefund,
  type AdminUnsettledRefund,
} from '../../../api/queries/admin-orders';
import { formatDateTimeKst } from '../../../lib/formatDateTime';
import { formatWon } from '../../../lib/formatPrice';
import { alertError, confirmDark } from '../../../lib/popup';

const RETRY_QUESTION = '결제사 기록을 먼저 확인하고, 취소되지 않았다면 같은 환불을 다시 요청합니다. 진행할까요?';

/**
 * 환불 확인 대기: refunds whose answer from the payment provider never came. 확인 reads the provider's record and
 * settles each; 다시 시도 asks again when nothing had been cancelled. Shown only while there is one.
 */
export function UnsettledRefunds({ onOpen }: { onOpen: (paymentid: number) => void }) {
  const claims = useQuery(adminUnsettledRefundsQuery());
  const queryClient = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const settle = useMutation({
    mutationFn: ({ claim, retry }: { claim: AdminUnsettledRefund; retry: boolean }) =>
      retry ? retryAdminRefund(claim.refundid) : checkAdminRefund(claim.refundid),
    onSuccess: (r) =>
      setDone(
        r.outcome === 'refunded'
          ? `주문 ${r.paymentid}: ${formatWon(r.amount)} 환불을 마무리했습니다.`
          : `주문 ${r.paymentid}: 결제사에서 취소되지 않아 환불 요청을 정리했습니다. 주문은 그대로입니다.`,
      ),
    onError: (e) => void alertError(e),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.all }),
  });
  const retry = async (claim: AdminUnsettledRefund) => {
    setDone(null);
    if (await confirmDark(RETRY_QUESTION)) settle.mutate({ claim, retry: true });
  };
  const list = claims.data ?? [];
  if (!list.length && !done) return null;
  return (
    <section className="admin-card admin-unsettled" aria-labelledby="unsettled-title" data-testid="admin-unsettled">
      <h2 id="unsettled-title" className="admin-card__title">
        환불 확인 대기 <span className="admin-muted">{list.length}건</span>
      </h2>
      <p className="admin-muted">결제사의 응답을 받지 못한 환불입니다. 확인은 결제사 기록을 읽어 정리하고, 다시 시도는 취소되지 않은 환불을 다시 요청합니다.</p>
      {done && (
        <p className="admin-notice" role="status">
          {done}
        </p>
      )}
      <ul className="admin-unsettled__list">
        {list.map((c) => {
          const busy = settle.isPending && settle.variables?.claim.refundid === c.refundid;
          return (
            <li key={c.refundid} className="admin-unsettled__item" data-refundid={c.refundid}>
              <div>
                <span>
                  <strong>{formatWon(c.amount)}</strong> · {c.title}
                </span>
                <span className="admin-table__sub">
                  주문번호 {c.paymentid} · {c.member} {c.email} · {c.issuedby === 'staff' ? '운영자 환불' : '회원 환불 신청'} ·{' '}
                  {formatDateTimeKst(c.createdat)}
                </span>
                <span className="admin-table__sub">사유: {c.reason}</span>
              </div>
              <div className="admin-table__actions">
                <button type="button" className="btn btn--sm" disabled={busy} onClick={() => onOpen(c.paymentid)}>
                  주문 보기
                </button>
                <button
                  type="button"
                  className="btn btn--sm"
                  disabled={busy}
                  onClick={() => {
                    setDone(null);
                    settle.mutate({ claim: c, retry: false });
                  }}
                >
                  확인
                </button>
                <button type="button" className="btn btn--sm btn--primary" disabled={busy} onClick={() => void retry(c)}>
                  다시 시도
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
