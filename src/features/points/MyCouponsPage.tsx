import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { myCouponsQuery } from '../../api/queries/points';
import { QueryState } from '../../components/section/QueryState';
import { CouponTicket } from '../../components/ui/CouponTicket';
import { EmptyState } from '../../components/ui/EmptyState';
import { SkeletonBlock } from '../../components/ui/Skeleton';
import './points.css';

/** /mycoupon: the member's coupons, usable first, each with its terms or why it cannot be used. */
export function MyCouponsPage({ useruid }: { useruid: string }) {
  const coupons = useQuery(myCouponsQuery(useruid, 'all'));
  return (
    <div className="page my-coupons">
      <QueryState query={coupons} fallback={<SkeletonBlock height={240} />}>
        {(data) => {
          const usable = data.list.filter((c) => c.usable).length;
          return (
            <>
              <p className="my-coupons__count">
                사용 가능 쿠폰 <strong data-testid="usable-coupon-count">{usable}</strong>장
              </p>
              {data.list.length === 0 ? (
                <EmptyState title="보유한 쿠폰이 없습니다." hint="받은 쿠폰 번호는 결제 화면에서 입력할 수 있습니다." />
              ) : (
                <ul className="my-coupons__list" aria-label="내 쿠폰">
                  {data.list.map((c) => (
                    <li key={c.couponnumber}>
                      <CouponTicket coupon={c} />
                    </li>
                  ))}
                </ul>
              )}
            </>
          );
        }}
      </QueryState>
      <section className="point-coupons" aria-labelledby="my-coupons-how">
        <h2 id="my-coupons-how">쿠폰 사용 안내</h2>
        <p>
          결제 화면의 <strong>내 쿠폰</strong>에서 쿠폰을 고르거나, 받은 쿠폰 번호를 입력하면 할인 금액이 바로 적용됩니다. 쿠폰
          번호는 대소문자를 구분하지 않습니다. 주문 한 건에 쿠폰 한 장을 사용할 수 있습니다.
        </p>
        <p>
          <Link to="/mypoint">포인트 보기</Link>
        </p>
      </section>
    </div>
  );
}
