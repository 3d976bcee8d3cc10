import { createFileRoute } from '@tanstack/react-router';
import { EmptyPage } from '../../components/page/EmptyPage';

const TITLE = '메인 (테스트)';

export const Route = createFileRoute('/_a/main-test')({
  staticData: { title: TITLE },
  component: MainTestPage,
});

function MainTestPage() {
  return <EmptyPage title={TITLE} message="준비 중인 메인 화면입니다." headingLevel={1} />;
}
