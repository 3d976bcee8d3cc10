import { REFUND_POLICY } from '../../../rules/refund';

/** The refund terms the member agrees to, in the short form of the one policy (rules/refund.ts); the terms hold the rest. */
export function RefundSummary() {
  return (
    <div className="checkout-refund" aria-label={REFUND_POLICY.title}>
      <strong>{REFUND_POLICY.title}</strong>
      <ul>
        {REFUND_POLICY.paymentPage.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
