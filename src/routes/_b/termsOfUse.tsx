import { createFileRoute } from '@tanstack/react-router';
import { PolicyDocument } from '../../features/company/PolicyDocument';
import { TERMS_EFFECTIVE, TERMS_INTRO, TERMS_SECTIONS } from '../../features/company/termsOfUseText';

const TITLE = '이용약관';

export const Route = createFileRoute('/_b/termsOfUse')({
  staticData: { title: TITLE },
  component: TermsOfUsePage,
});

function TermsOfUsePage() {
  return <PolicyDocument intro={TERMS_INTRO} sections={TERMS_SECTIONS} effective={TERMS_EFFECTIVE} />;
}
