import { createFileRoute } from '@tanstack/react-router';
import { JoinPage } from '../../features/account/JoinPage';

const TITLE = '회원가입';

export const Route = createFileRoute('/_a/join')({
  staticData: { title: TITLE },
  component: JoinPage,
});
