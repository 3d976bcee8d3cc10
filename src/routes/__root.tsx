import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { useShellEffects } from '../components/layout/useShellEffects';
import { PRODUCT_NAME } from '../lib/routeMeta';
import '../lib/popup.css';
import { TopProgress } from '../components/ui/TopProgress';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  staticData: { title: PRODUCT_NAME },
  component: RootComponent,
});

function RootComponent() {
  useShellEffects();
  return (
    <>
      <TopProgress />
      <Outlet />
    </>
  );
}
