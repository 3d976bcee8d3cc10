import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import type { CheckoutStart } from '../../../machines/checkout';
import { useSessionUser } from '../../auth/sessionStore';
import { ConfirmingNotice } from './ConfirmingNotice';
import { OutcomeMessage } from './Receipt';
import { providerReturnOf } from './providerReturn';
import { useCheckout } from './useCheckout';
import './checkout.css';

export const PAYMENT_NOT_COMPLETED = '결제가 완료되지 않았습니다.';

/**
 * /paymentSuccess and /paymentFail: the provider's answer completes or fails the order through the checkout
 * machine (UpdatePaid is verified by the server), then the member lands on the result or sees why it failed.
 */
export function ProviderReturnPage({ result }: { result: 'success' | 'fail' }) {
  const user = useSessionUser();
  const [query] = useState(() => providerReturnOf(window.location.search));
  // PortOne returns its own paymentId; the order's id rides in the redirectUrl. The local test provider has only one.
  const paymentid = Number(query.paymentid ?? query.paymentId) || 0;
  const [start] = useState<CheckoutStart>(() => {
    // PortOne returns every mobile run to one address; a `code` there is a failure too.
    const failed = result === 'fail' || !!query.code || !query.txId;
    return {
      kind: 'return',
      paymentid,
      pgtid: query.txId ?? null,
      ...(failed ? { failure: query.message || PAYMENT_NOT_COMPLETED } : {}),
    };
  });
  const running = useCheckout(start, paymentid > 0 ? user.data : null);

  if (!user.loggedIn)
    return <OutcomeMessage title="로그인이 필요합니다" message="로그인 후 결제내역에서 결제 결과를 확인해주세요." failed />;
  if (paymentid <= 0) return <OutcomeMessage title="결제 실패" message={query.message || PAYMENT_NOT_COMPLETED} failed />;
  if (!running || running.snapshot.matches('resuming'))
    return <OutcomeMessage title="결제 확인 중" message="결제 결과를 확인하고 있습니다." />;
  const { actor, snapshot: s } = running;
  if (s.matches('confirming') || s.matches('confirmStalled') || s.matches('resumeStalled'))
    return <ConfirmingNotice actor={actor} snapshot={s} />;
  if (s.matches('paid')) return <OutcomeMessage title="결제가 완료되었습니다" message="결제 결과 페이지로 이동합니다." />;
  const ids = s.context.order?.contentsids ?? [];
  return (
    <OutcomeMessage title="결제 실패" message={`${s.context.message ?? PAYMENT_NOT_COMPLETED} 결제된 금액은 없습니다.`} failed>
      {ids.length > 0 ? (
        <Link to="/payment/$contentsids" params={{ contentsids: ids.join(',') }} className="btn btn--primary">
          다시 결제하기
        </Link>
      ) : (
        <Link to="/mycart" className="btn btn--primary">
          장바구니로
        </Link>
      )}
      <Link to="/main" className="btn">
        홈으로
      </Link>
    </OutcomeMessage>
  );
}
