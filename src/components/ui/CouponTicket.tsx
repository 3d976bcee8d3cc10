import type { ReactNode } from 'react';
import type { components } from '../../api/schema.gen';
import { couponBenefit, couponTerms } from '../../lib/couponText';
import { formatDate } from '../../lib/format';
import './couponTicket.css';

type MyCoupon = components['schemas']['MyCoupon'];

/**
 * One of the member's coupons as a ticket: benefit, name, code as issued, terms, and why it cannot be used now.
 * /mycoupon lists them; the payment page's 내 쿠폰 puts a choice (`action`) on each usable one.
 */
export function CouponTicket({ coupon: c, action }: { coupon: MyCoupon; action?: ReactNode }) {
  return (
    <div
      className={`coupon-ticket${c.usable ? '' : ' coupon-ticket--off'}`}
      data-testid="coupon-ticket"
      data-code={c.couponnumber}
    >
      <div className="coupon-ticket__body">
        <p className="coupon-ticket__benefit">{couponBenefit(c)}</p>
        <p className="coupon-ticket__name">{c.name}</p>
        <p className="coupon-ticket__terms">
          {couponTerms(c)}
          {c.permember && ' · 회원당 1회'}
        </p>
        <p className="coupon-ticket__code">{c.couponnumber}</p>
      </div>
      <div className="coupon-ticket__side">
        {c.usable ? (
          (action ?? <span className="coupon-ticket__state coupon-ticket__state--on">사용 가능</span>)
        ) : (
          <span className="coupon-ticket__state">
            {c.reason}
            {c.useddate && <small className="coupon-ticket__when">{formatDate(c.useddate)}</small>}
          </span>
        )}
      </div>
    </div>
  );
}
