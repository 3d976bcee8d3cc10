import { createFileRoute } from '@tanstack/react-router';
import { useSessionUser } from '../../../auth/sessionStore';
import { PointsPage } from '../../../features/points/PointsPage';
import { ScreenBoundary } from '../../../components/ui/ScreenBoundary';

const TITLE = '포인트';

// Component only: the screen loads balance and ledger itself (see mycart.tsx).
export const Route = createFileRoute('/_b/_auth/mypoint')({
  staticData: { title: TITLE },
  component: MyPointRoute,
});

function MyPointRoute() {
  const useruid = useSessionUser().data?.useruid ?? '';
  return (
    <ScreenBoundary resetKey={useruid}>
      <PointsPage useruid={useruid} />
    </ScreenBoundary>
  );
}
