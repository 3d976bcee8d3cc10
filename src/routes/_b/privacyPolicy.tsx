import { createFileRoute } from '@tanstack/react-router';
import { EmptyPage } from '../../components/page/EmptyPage';

const TITLE = '개인정보처리방침';

export const Route = createFileRoute('/_b/privacyPolicy')({
  staticData: { title: TITLE },
  component: PrivacyPolicyPage,
});

function PrivacyPolicyPage() {
  return <EmptyPage title={TITLE} message="개인정보처리방침을 준비하고 있습니다." headingLevel={2} />;
}
