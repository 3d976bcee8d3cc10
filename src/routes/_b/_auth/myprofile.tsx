import { createFileRoute } from '@tanstack/react-router';
import { EmptyPage } from '../../../components/page/EmptyPage';
import { useSessionUser } from '../../../auth/sessionStore';
import { ProfilePage } from '../../../features/account/ProfilePage';

const TITLE = '회원정보 수정';

export const Route = createFileRoute('/_b/_auth/myprofile')({
  staticData: { title: TITLE },
  component: MyProfileRoute,
});

function MyProfileRoute() {
  const user = useSessionUser();
  if (!user.data) return <EmptyPage title={TITLE} message="로그인 후 이용해주세요." headingLevel={2} />;
  return <ProfilePage useruid={user.data.useruid} />;
}
