import { createFileRoute } from '@tanstack/react-router';
import { EmptyPage } from '../../../components/page/EmptyPage';

const TITLE = '회원정보 수정';

export const Route = createFileRoute('/_b/_auth/myprofile')({
  staticData: { title: TITLE },
  component: MyProfilePage,
});

function MyProfilePage() {
  return <EmptyPage title={TITLE} message="회원정보를 불러오는 중입니다." headingLevel={2} />;
}
