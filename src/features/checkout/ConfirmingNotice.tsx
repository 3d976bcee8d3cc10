import type { CheckoutActor, CheckoutSnapshot } from './useCheckout';

/**
 * "결제 확인 중": the provider approved and the server is confirming; the server's word while it waits (PortOne not
 * reachable: UpdatePaid's 202) is shown as it came. A stalled check can be retried.
 */
export function ConfirmingNotice({ actor, snapshot: s }: { actor: CheckoutActor; snapshot: CheckoutSnapshot }) {
  const stalled = s.matches('confirmStalled') || s.matches('resumeStalled');
  return (
    <section className="checkout-notice" role="status" aria-live="polite">
      {!stalled && <span className="checkout-notice__spinner" aria-hidden="true" />}
      <h2 className="checkout-notice__title">결제 확인 중</h2>
      <p className="checkout-notice__message">
        {stalled ? s.context.message : (s.context.message ?? '결제 승인을 확인하고 있습니다.')}{' '}
        {!stalled && '창을 닫거나 새로고침해도 결제는 한 번만 처리됩니다.'}
      </p>
      {stalled && (
        <div className="checkout-notice__actions">
          <button type="button" className="btn btn--primary" onClick={() => actor.send({ type: 'RETRY' })}>
            다시 확인
          </button>
        </div>
      )}
    </section>
  );
}
