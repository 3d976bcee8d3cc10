import { createFileRoute, redirect } from '@tanstack/react-router';

/**
 * /main-test (spec §2: "/main, /main-test — main page") shows the main page at its one address: a visitor never sees a
 * page titled as a test (issue 42), and the route costs the first chunk a redirect instead of a second main page.
 */
export const Route = createFileRoute('/_a/main-test')({
  beforeLoad: () => {
    throw redirect({ to: '/main', replace: true });
  },
});
