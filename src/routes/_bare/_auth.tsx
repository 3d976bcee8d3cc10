import { Outlet, createFileRoute } from '@tanstack/react-router';
import { requireSignedIn } from '../../auth/guard';

/** Auth routes: the one shared guard (spec §4, §5). */
export const Route = createFileRoute('/_bare/_auth')({
  beforeLoad: ({ preload, context, location }) => requireSignedIn({ auth: context.auth, preload, returnTo: location.href }),
  component: Outlet,
});
