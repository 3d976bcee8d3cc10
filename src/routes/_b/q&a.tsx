import { createFileRoute } from '@tanstack/react-router';
import { EmptyPage } from '../../components/page/EmptyPage';

const TITLE = '고객센터 Q&A';

export const Route = createFileRoute('/_b/q&a')({
  staticData: { title: TITLE },
  component: QnaPage,
});

function QnaPage() {
  return <EmptyPage title={TITLE} message="등록된 질문이 없습니다." headingLevel={2} />;
}
