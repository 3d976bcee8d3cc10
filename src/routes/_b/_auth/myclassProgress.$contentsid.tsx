import { createFileRoute } from '@tanstack/react-router';
import { EmptyPage } from '../../../components/page/EmptyPage';

const TITLE = '학습 진도';

export const Route = createFileRoute('/_b/_auth/myclassProgress/$contentsid')({
  staticData: { title: TITLE },
  component: MyClassProgressPage,
});

function MyClassProgressPage() {
  return <EmptyPage title={TITLE} message="학습 기록이 없습니다." />;
}
