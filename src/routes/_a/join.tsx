import { createFileRoute } from '@tanstack/react-router';
import { LoginPanel } from '../../features/account/LoginPanel';

const TITLE = '회원가입';

/** Sign-up is by social providers only (spec §1): the same panel, worded for joining. */
export const Route = createFileRoute('/_a/join')({
  staticData: { title: TITLE },
  component: JoinPage,
});

function JoinPage() {
  return <LoginPanel title={TITLE} intro="카카오 또는 네이버 계정으로 간편하게 가입하세요." />;
}
