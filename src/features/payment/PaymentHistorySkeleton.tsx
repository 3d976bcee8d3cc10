import { SkeletonBlock } from '../../components/ui/Skeleton';
import './payment.css';

/** Rows a first page of orders fills a phone's screen with: the footer stays below the fold until the list is in. */
const ROWS = 4;

/**
 * /mypayment while the orders load: the tab bar, the count and order rows in the places the list puts them (issue 26:
 * a page-shaped skeleton of another height let the footer jump by a tenth of the screen when the list arrived).
 */
export function PaymentHistorySkeleton() {
  return (
    <div className="page payments" aria-busy="true" aria-label="결제내역을 불러오는 중">
      <SkeletonBlock height={44} width={176} radius={999} />
      <p className="payments__count payments__count--skeleton">
        <SkeletonBlock height={16} width={64} />
      </p>
      <ul className="payments__list" aria-hidden="true">
        {Array.from({ length: ROWS }, (_, i) => (
          <li key={i} className="payment-row">
            <div className="payment-row__head">
              <SkeletonBlock height={24} width="55%" />
            </div>
            <SkeletonBlock height={23} width="70%" />
            <div className="payment-row__foot">
              <SkeletonBlock height={25} width={140} />
              <SkeletonBlock height={36} width={82} radius={8} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
