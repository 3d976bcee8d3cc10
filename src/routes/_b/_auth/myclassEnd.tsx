import { createFileRoute } from '@tanstack/react-router';
import { useSessionUser } from '../../../auth/sessionStore';
import { MyClassList } from '../../../features/classroom/MyClassList';

export const Route = createFileRoute('/_b/_auth/myclassEnd')({
  staticData: { title: '종료된 클래스' },
  component: MyClassEndRoute,
});

function MyClassEndRoute() {
  const user = useSessionUser();
  return <MyClassList useruid={user.data?.useruid ?? ''} tab="end" />;
}
