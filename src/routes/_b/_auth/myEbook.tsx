import { createFileRoute } from '@tanstack/react-router';
import { useSessionUser } from '../../../auth/sessionStore';
import { EbookPage } from '../../../features/classroom/EbookPage';

export const Route = createFileRoute('/_b/_auth/myEbook')({
  staticData: { title: '전자책 관리' },
  component: MyEbookRoute,
});

function MyEbookRoute() {
  const user = useSessionUser();
  return <EbookPage useruid={user.data?.useruid ?? ''} />;
}
