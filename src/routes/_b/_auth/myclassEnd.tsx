import { createFileRoute } from '@tanstack/react-router';
import { EmptyPage } from '../../../components/page/EmptyPage';

const TITLE = '종료된 클래스';

export const Route = createFileRoute('/_b/_auth/myclassEnd')({
  staticData: { title: TITLE },
  component: MyClassEndPage,
});

function MyClassEndPage() {
  return <EmptyPage title={TITLE} message="종료된 클래스가 없습니다." headingLevel={2} />;
}
