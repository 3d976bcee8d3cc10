import { createFileRoute } from '@tanstack/react-router';
import { PolicyDocument } from '../../features/company/PolicyDocument';
import { PRIVACY_EFFECTIVE, PRIVACY_INTRO, PRIVACY_SECTIONS } from '../../features/company/privacyPolicyText';

const TITLE = '개인정보처리방침';

export const Route = createFileRoute('/_b/privacyPolicy')({
  staticData: { title: TITLE },
  component: PrivacyPolicyPage,
});

function PrivacyPolicyPage() {
  return <PolicyDocument intro={PRIVACY_INTRO} sections={PRIVACY_SECTIONS} effective={PRIVACY_EFFECTIVE} />;
}
