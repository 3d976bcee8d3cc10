import type { PaymentBadge } from './paymentStatus';

export function StatusBadge({ badge }: { badge: PaymentBadge }) {
  return <span className={`status-badge status-badge--${badge.tone}`}>{badge.label}</span>;
}
