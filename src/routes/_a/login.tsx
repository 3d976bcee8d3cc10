import { createFileRoute } from '@tanstack/react-router';
import { LoginPanel } from '../../features/account/LoginPanel';
import { naverReturnOf, parseNaverReturnSearch } from '../../auth/naverReturn';

const TITLE = '로그인';

export const Route = createFileRoute('/_a/login')({
  staticData: { title: TITLE },
  // Provider redirect returns land here: Naver adds success/useruid/email; Supabase adds code. `redirect` is the page
  // to come back to after sign-in (src/auth/returnPath.ts checks it is this site's own).
  validateSearch: parseNaverReturnSearch,
  component: LoginPage,
});

function LoginPage() {
  const search = Route.useSearch();
  return <LoginPanel title={TITLE} naver={naverReturnOf(search)} returnTo={search.redirect} />;
}
