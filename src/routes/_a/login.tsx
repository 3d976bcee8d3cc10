import { createFileRoute } from '@tanstack/react-router';
import { LoginPanel } from '../../features/account/LoginPanel';
import { optionalText } from '../../lib/searchParams';

const TITLE = '로그인';

/** Provider redirect returns land here: Naver adds success/useruid/email; Supabase adds code. Read as text. */
type LoginSearch = {
  success?: string | undefined;
  useruid?: string | undefined;
  email?: string | undefined;
  name?: string | undefined;
  access_token?: string | undefined;
  refresh_token?: string | undefined;
};

function parseLoginSearch(search: Record<string, unknown>): LoginSearch {
  return {
    success: optionalText(search.success),
    useruid: optionalText(search.useruid),
    email: optionalText(search.email),
    name: optionalText(search.name),
    access_token: optionalText(search.access_token),
    refresh_token: optionalText(search.refresh_token),
  };
}

export const Route = createFileRoute('/_a/login')({
  staticData: { title: TITLE },
  validateSearch: parseLoginSearch,
  component: LoginPage,
});

function LoginPage() {
  const search = Route.useSearch();
  return <LoginPanel title={TITLE} naver={search} />;
}
