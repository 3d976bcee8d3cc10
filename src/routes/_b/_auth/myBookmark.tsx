import { createFileRoute } from '@tanstack/react-router';
import { useSessionUser } from '../../../auth/sessionStore';
import { MyClassList } from '../../../features/classroom/MyClassList';

export const Route = createFileRoute('/_b/_auth/myBookmark')({
  staticData: { title: '북마크' },
  component: MyBookmarkRoute,
});

function MyBookmarkRoute() {
  const user = useSessionUser();
  return <MyClassList useruid={user.data?.useruid ?? ''} tab="bookmark" />;
}
