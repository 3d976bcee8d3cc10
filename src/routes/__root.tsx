import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { useShellEffects } from '../components/layout/useShellEffects';
import { useIdentityWiring } from '../auth/useIdentityWiring';
import { PRODUCT_NAME } from '../lib/routeMeta';
import type { RouterAuth } from '../auth/routerAuth';
import '../lib/popup.css';
import { TopProgress } from '../components/ui/TopProgress';

/** What every guard and loader receives: the query cache and who is signed in. */
export interface RouterContext {
  queryClient: QueryClient;
  auth: RouterAuth;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  staticData: { title: PRODUCT_NAME },
  component: RootComponent,
});

function RootComponent() {
  useShellEffects();
  useIdentityWiring();
  return (
    <>
      <TopProgress />
      <Outlet />
    </>
  );
}
