import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { paymentKeys, type Payment } from '../../api/queries/payment';
import { refundQuoteQuery, requestRefund } from '../../api/queries/payment-refund';
import { classroomKeys } from '../../api/queries/classroom-lectures';
import { myClassKeys } from '../../api/queries/classroom';
import { pointKeys } from '../../api/queries/points';
import { formatWon } from '../../lib/format';
import { alertDark, alertDarkLines, alertError, confirmDarkChoice } from '../../lib/popup';

const REASONS = ['단순 변심', '강의 내용이 기대와 다름', '중복 구매', '기타'] as const;

/** Orders a member may ask to refund: paid (or partly refunded) with something charged for. */
export const mayAskRefund = (p: Pick<Payment, 'status' | 'amount'>) =>
  (p.status === 'paid' || p.status === 'partially_refunded') && p.amount > 0;

/**
 * 환불 신청: the server's quote (the amount and why) first, then the member's confirmation with a reason, then the
 * refund. The amount confirmed is sent along, so a play or download in another tab since the quote is refused.
 */
export function RefundAction({ payment }: { payment: Payment }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const q = await queryClient.fetchQuery(refundQuoteQuery(payment.paymentid));
      if (!q.refundable) {
        // The reason and what counted as use (issue 42, finding 5): the member sees what the server counted.
        await alertDarkLines('환불 안내', q.reasons);
        return;
      }
      const reason = await confirmDarkChoice('환불 신청', q.reasons, REASONS, `${formatWon(q.amount)} 환불 신청`);
      if (reason === null) return;
      const done = await requestRefund(payment.paymentid, reason, q.amount, crypto.randomUUID());
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
        queryClient.invalidateQueries({ queryKey: classroomKeys.all }),
        queryClient.invalidateQueries({ queryKey: myClassKeys.all }),
        queryClient.invalidateQueries({ queryKey: pointKeys.all }),
      ]);
      await alertDark(`${formatWon(done.amount)} 환불이 완료되었습니다.`);
    } catch (e) {
      await alertError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn" onClick={() => void onClick()} disabled={busy} data-testid="refund-request">
      {busy ? '확인 중…' : '환불 신청'}
    </button>
  );
}
