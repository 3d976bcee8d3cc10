import { createFileRoute } from '@tanstack/react-router';
import { MyCertificatesPage } from '../../../features/quiz/MyCertificatesPage';
import { myCertificatesQuery } from '../../../api/queries/quiz';
import { RouteError } from '../../../components/ui/RouteError';
import { PageSkeleton } from '../../../components/ui/Skeleton';

const TITLE = '수료증 발급';

export const Route = createFileRoute('/_b/_auth/myCertificates')({
  staticData: { title: TITLE },
  loader: ({ context }) => {
    const member = context.auth.member();
    return member ? context.queryClient.ensureQueryData(myCertificatesQuery(member.useruid)) : undefined;
  },
  pendingComponent: () => <PageSkeleton lines={6} />,
  errorComponent: RouteError,
  component: MyCertificatesPage,
});
