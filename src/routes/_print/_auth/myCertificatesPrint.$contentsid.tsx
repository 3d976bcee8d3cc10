import { createFileRoute } from '@tanstack/react-router';
import { CertificatePrintPage } from '../../../features/quiz/CertificatePrintPage';
import { myCertificatesQuery } from '../../../api/queries/quiz';
import { RouteError } from '../../../components/ui/RouteError';
import { PageSkeleton } from '../../../components/ui/Skeleton';
import { idParam } from '../../../lib/routeParams';

const TITLE = '수료증 출력';

export const Route = createFileRoute('/_print/_auth/myCertificatesPrint/$contentsid')({
  staticData: { title: TITLE },
  params: { parse: (p) => ({ contentsid: idParam(p.contentsid) }), stringify: (p) => ({ contentsid: String(p.contentsid) }) },
  loader: ({ context }) => {
    const member = context.auth.member();
    return member ? context.queryClient.ensureQueryData(myCertificatesQuery(member.useruid)) : undefined;
  },
  pendingComponent: () => <PageSkeleton lines={8} />,
  errorComponent: RouteError,
  component: CertificatePrintRoute,
});

function CertificatePrintRoute() {
  const { contentsid } = Route.useParams();
  return <CertificatePrintPage contentsid={contentsid} />;
}
