import { createFileRoute } from '@tanstack/react-router';
import { useSessionUser } from '../../../auth/sessionStore';
import { PointsPage } from '../../../features/points/PointsPage';
import { Section } from '../../../components/section/Section';
import { PageSkeleton } from '../../../components/ui/Skeleton';

const TITLE = '포인트';

// Component only: the screen loads balance and ledger itself (see mycart.tsx).
export const Route = createFileRoute('/_b/_auth/mypoint')({
  staticData: { title: TITLE },
  component: MyPointRoute,
});

function MyPointRoute() {
  const useruid = useSessionUser().data?.useruid ?? '';
  return (
    <Section resetKey={useruid} fallback={<PageSkeleton lines={8} />}>
      <PointsPage useruid={useruid} />
    </Section>
  );
}
