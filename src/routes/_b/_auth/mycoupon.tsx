import { createFileRoute } from '@tanstack/react-router';
import { useSessionUser } from '../../../auth/sessionStore';
import { MyCouponsPage } from '../../../features/points/MyCouponsPage';
import { Section } from '../../../components/section/Section';
import { PageSkeleton } from '../../../components/ui/Skeleton';

const TITLE = '내 쿠폰';

// Component only: the screen loads the member's coupons itself (see mypoint.tsx).
export const Route = createFileRoute('/_b/_auth/mycoupon')({
  staticData: { title: TITLE },
  component: MyCouponRoute,
});

function MyCouponRoute() {
  const useruid = useSessionUser().data?.useruid ?? '';
  return (
    <Section resetKey={useruid} fallback={<PageSkeleton lines={8} />}>
      <MyCouponsPage useruid={useruid} />
    </Section>
  );
}
