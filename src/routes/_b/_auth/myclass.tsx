import { createFileRoute } from '@tanstack/react-router';
import { useSessionUser } from '../../../auth/sessionStore';
import { MyClassList } from '../../../features/classroom/MyClassList';

export const Route = createFileRoute('/_b/_auth/myclass')({
  staticData: { title: '수강중인 클래스' },
  component: MyClassRoute,
});

function MyClassRoute() {
  const user = useSessionUser();
  return <MyClassList useruid={user.data?.useruid ?? ''} tab="ing" />;
}
