import { createFileRoute } from '@tanstack/react-router';
import { CertificateVerifyPage } from '../../features/quiz/CertificateVerifyPage';

const TITLE = '수료증 진위 확인';

/** Public check of a printed certificate's number (an addition beside the spec's routes). */
export const Route = createFileRoute('/_b/certificate/$certificateno')({
  staticData: { title: TITLE },
  component: CertificateVerifyRoute,
});

function CertificateVerifyRoute() {
  const { certificateno } = Route.useParams();
  return <CertificateVerifyPage certificateno={certificateno} />;
}
