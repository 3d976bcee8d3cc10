import { createFileRoute } from '@tanstack/react-router';
import { EmptyPage } from '../../../components/page/EmptyPage';

const TITLE = '수료증 출력';

export const Route = createFileRoute('/_print/_auth/myCertificatesPrint/$contentsid')({
  staticData: { title: TITLE },
  component: CertificatePrintPage,
});

function CertificatePrintPage() {
  return <EmptyPage title={TITLE} message="수료증을 불러오는 중입니다." headingLevel={1} />;
}
