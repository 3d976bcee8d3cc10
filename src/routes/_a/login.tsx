import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { LoginPanel } from '../../components/login/LoginPanel';

const TITLE = '로그인';

/** Provider redirect returns land here: Naver adds success/useruid/email; Supabase adds code. */
const loginSearch = z.object({
  success: z.optional(z.string()),
  useruid: z.optional(z.string()),
  email: z.optional(z.string()),
  name: z.optional(z.string()),
  access_token: z.optional(z.string()),
  refresh_token: z.optional(z.string()),
});

export const Route = createFileRoute('/_a/login')({
  staticData: { title: TITLE },
  validateSearch: loginSearch,
  component: LoginPage,
});

function LoginPage() {
  const search = Route.useSearch();
  return <LoginPanel title={TITLE} naver={search} />;
}
