import { createFileRoute } from '@tanstack/react-router';
import { CertificatePrintPage } from '../../../features/quiz/CertificatePrintPage';
import { idParam } from '../../../lib/routeParams';

// The id is parsed in the (lazy) component: a params parser here would sit in the first paint's route table.
export const Route = createFileRoute('/_print/_auth/myCertificatesPrint/$contentsid')({
  staticData: { title: '수료증 출력' },
  component: CertificatePrintRoute,
});

function CertificatePrintRoute() {
  const { contentsid } = Route.useParams();
  return <CertificatePrintPage contentsid={idParam(contentsid)} />;
}
