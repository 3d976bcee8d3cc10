import { Pending } from '../../components/section/Pending';
import { SkeletonBlock } from '../../components/ui/Skeleton';

/**
 * The order's lecture rows while they load, one per class ordered, each the height of the row that replaces it. The
 * wait line lies over them (`.checkout-wait`), so the block keeps its height when the rows arrive.
 */
export function LectureRowsSkeleton({ count }: { count: number }) {
  return (
    <ul className="checkout-lectures" aria-hidden="true">
      {Array.from({ length: Math.max(1, count) }, (_, i) => (
        <li key={i} className="checkout-lectures__item checkout-lectures__item--skeleton">
          <SkeletonBlock height={24} width="55%" />
          <span className="checkout-lectures__price">
            <SkeletonBlock height={18} width={64} />
            <SkeletonBlock height={24} width={84} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** `.my-coupon-picker__place`'s min-height (checkout.css). */
const COUPON_PLACE_HEIGHT = 192;

/** 내 쿠폰's place while the member's coupons load: one ticket's height (the list scrolls sideways, one row). */
export function CouponListSkeleton() {
  return <SkeletonBlock height={COUPON_PLACE_HEIGHT} radius={10} />;
}

/**
 * /payment/{contentsids} before its checkout runs: the order form's blocks in their places and heights (issue 26: a
 * six-line skeleton let the form and the footer jump by half the screen when the form came).
 */
export function CheckoutSkeleton({ count }: { count: number }) {
  return (
    <div className="checkout" role="status" aria-label="결제 정보를 불러오는 중입니다">
      <div className="checkout__block">
        <p className="checkout__title">주문 클래스</p>
        <div className="checkout-wait">
          <Pending>
            <LectureRowsSkeleton count={count} />
          </Pending>
        </div>
      </div>
      <div className="checkout__side" aria-hidden="true">
        <div className="checkout__block">
          <p className="checkout__title">쿠폰</p>
          <div className="my-coupon-picker">
            <p className="my-coupon-picker__title">내 쿠폰</p>
            <div className="my-coupon-picker__place">
              <CouponListSkeleton />
            </div>
          </div>
          <SkeletonBlock height={48} radius={8} />
        </div>
        <div className="checkout__block">
          <p className="checkout__title">포인트</p>
          <SkeletonBlock height={48} radius={8} />
          <p className="muted">&nbsp;</p>
        </div>
        <BlockSkeleton title="결제수단" height={104} below="pay-installment" belowHeight={48} />
        <BlockSkeleton title="결제 금액" height={184} below="checkout__pay-place" belowHeight={56} />
      </div>
    </div>
  );
}

/** One side block of the form: its title, its body's height, and the row under it (a class name and its height). */
function BlockSkeleton({ title, height, below, belowHeight }: { title: string; height: number; below: string; belowHeight: number }) {
  return (
    <div className="checkout__block">
      <p className="checkout__title">{title}</p>
      <SkeletonBlock height={height} radius={8} />
      <div className={below}>
        <SkeletonBlock height={belowHeight} radius={8} />
      </div>
    </div>
  );
}
