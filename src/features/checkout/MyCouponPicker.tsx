import { useQuery } from '@tanstack/react-query';
import { myCouponsQuery } from '../../api/queries/points';
import { useSessionUser } from '../../auth/sessionStore';
import { CouponTicket } from '../../components/ui/CouponTicket';
import { InlineFailure } from '../../components/section/InlineFailure';
import { Pending } from '../../components/section/Pending';
import { CouponListSkeleton } from './CheckoutSkeleton';

/**
 * 내 쿠폰 on the payment page: the member's usable coupons, one tap to apply instead of typing the number. The
 * choice goes through the same lookup as a typed code, so the server's answer (minimum amount, a hold) is what shows.
 */
export function MyCouponPicker({ onChoose, disabled }: { onChoose: (couponnumber: string) => void; disabled: boolean }) {
  const useruid = useSessionUser().data?.useruid ?? '';
  const coupons = useQuery({ ...myCouponsQuery(useruid, 'usable'), enabled: useruid !== '' });
  // The typed field below stays the way in when the list cannot be read; the list's place says so, with 다시 시도.
  if (!coupons.data && coupons.isError && !coupons.isFetching)
    return <InlineFailure subject="내 쿠폰" error={coupons.error} onRetry={() => void coupons.refetch()} />;
  const list = coupons.data?.list;
  // The list is one sideways row in a place of fixed height: loading, none, one or many coupons, the fields below
  // stay where they are (issue 26: the list arriving moved the payment page by a third of the screen).
  return (
    <div className="my-coupon-picker">
      <h3 className="my-coupon-picker__title">내 쿠폰 {list && <span className="checkout__count">{list.length}장</span>}</h3>
      {!list ? (
        <div className="my-coupon-picker__place checkout-wait">
          <Pending onRetry={() => void coupons.refetch()}>
            <CouponListSkeleton />
          </Pending>
        </div>
      ) : list.length === 0 ? (
        <p className="muted my-coupon-picker__place my-coupon-picker__none">사용할 수 있는 쿠폰이 없습니다.</p>
      ) : (
        <ul className="my-coupon-picker__place my-coupon-picker__list" aria-label="사용할 수 있는 내 쿠폰">
          {list.map((c) => (
            <li key={c.couponnumber}>
              <CouponTicket
                coupon={c}
                action={
                  <button
                    type="button"
                    className="btn btn--sm btn--primary"
                    disabled={disabled}
                    // Not "적용": that names the typed code's button below.
                    aria-label={`${c.name} 쿠폰 사용`}
                    onClick={() => onChoose(c.couponnumber)}
                  >
                    사용
                  </button>
                }
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
