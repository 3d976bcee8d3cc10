import { createFileRoute } from '@tanstack/react-router';
import { EmptyPage } from '../../../components/page/EmptyPage';

const TITLE = '수료증 발급';

export const Route = createFileRoute('/_b/_auth/myCertificates')({
  staticData: { title: TITLE },
  component: MyCertificatesPage,
});

function MyCertificatesPage() {
  return <EmptyPage title={TITLE} message="발급 가능한 수료증이 없습니다." headingLevel={2} />;
}
