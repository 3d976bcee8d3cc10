import { createFileRoute } from '@tanstack/react-router';
import { EmptyPage } from '../../../components/page/EmptyPage';

const TITLE = '클래스 플레이어';

export const Route = createFileRoute('/_bare/_auth/player/$contentsid')({
  staticData: { title: TITLE },
  component: PlayerPage,
});

function PlayerPage() {
  return <EmptyPage title={TITLE} message="재생할 영상을 불러오는 중입니다." headingLevel={1} />;
}
