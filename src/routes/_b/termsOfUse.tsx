import { createFileRoute } from '@tanstack/react-router';
import { EmptyPage } from '../../components/page/EmptyPage';

const TITLE = '이용약관';

export const Route = createFileRoute('/_b/termsOfUse')({
  staticData: { title: TITLE },
  component: TermsOfUsePage,
});

function TermsOfUsePage() {
  return <EmptyPage title={TITLE} message="이용약관을 준비하고 있습니다." headingLevel={2} />;
}
