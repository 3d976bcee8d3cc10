import { QueryClient } from '@tanstack/react-query';
import { createRouter, lazyRouteComponent } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { routerAuth } from './auth/routerAuth';
import { isWorthRetrying } from './api/errors';
import { abortableQueryCalls } from './api/callSignal';
import { RoutePending } from './components/section/RoutePending';

export function createAppRouter() {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: (failures, error) => failures < 1 && isWorthRetrying(error),
        refetchOnWindowFocus: false,
        // A hung call's 다시 시도 can abort its request (src/api/callSignal.ts).
        behavior: abortableQueryCalls,
      },
    },
  });
  const router = createRouter({
    routeTree,
    context: { queryClient, auth: routerAuth },
    defaultPreload: 'intent',
    // React Query decides freshness, not the router cache.
    defaultPreloadStaleTime: 0,
    scrollRestoration: false,
    // No route can leave a white screen: a failure, a wait and an unknown address each have a Korean screen.
    defaultPendingComponent: RoutePending,
    // Rare (loaders never throw; sections catch their own faults), so these load on demand and cost the first paint nothing.
    defaultErrorComponent: lazyRouteComponent(() => import('./components/section/RouteFailure'), 'RouteFailure'),
    defaultNotFoundComponent: lazyRouteComponent(() => import('./components/page/NotFoundPage'), 'NotFoundPage'),
  });
  return { router, queryClient };
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>['router'];
  }
}
