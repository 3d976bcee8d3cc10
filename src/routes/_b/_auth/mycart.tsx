import { createFileRoute } from '@tanstack/react-router';
import { useSessionUser } from '../../../auth/sessionStore';
import { CartPage } from '../../../features/cart/CartPage';
import { Section } from '../../../components/section/Section';
import { PageSkeleton } from '../../../components/ui/Skeleton';

const TITLE = '장바구니';

// Component only: the screen loads its cart itself, so the first-paint route table carries no loader for it.
export const Route = createFileRoute('/_b/_auth/mycart')({
  staticData: { title: TITLE },
  component: MyCartRoute,
});

function MyCartRoute() {
  const useruid = useSessionUser().data?.useruid ?? '';
  return (
    <Section resetKey={useruid} fallback={<PageSkeleton lines={6} />}>
      <CartPage useruid={useruid} />
    </Section>
  );
}
