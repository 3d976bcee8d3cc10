import { createFileRoute } from '@tanstack/react-router';
import { EmptyPage } from '../../components/page/EmptyPage';

const TITLE = '회사소개';

export const Route = createFileRoute('/_b/company')({
  staticData: { title: TITLE },
  component: CompanyPage,
});

function CompanyPage() {
  return <EmptyPage title={TITLE} message="회사 소개 내용을 준비하고 있습니다." headingLevel={2} />;
}
