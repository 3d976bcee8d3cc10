import { QueryClient } from '@tanstack/react-query';
import { createRouter, lazyRouteComponent } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { routerAuth } from './auth/routerAuth';
import { isWorthRetrying } from './api/errors';
import { RouteFailure, RoutePending } from './components/section/RouteFallbacks';

export function createAppRouter() {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: (failures, error) => failures < 1 && isWorthRetrying(error),
        refetchOnWindowFocus: false,
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
    defaultErrorComponent: RouteFailure,
    defaultPendingComponent: RoutePending,
    // Rare, so it loads on demand and costs the first paint nothing.
    defaultNotFoundComponent: lazyRouteComponent(() => import('./components/page/NotFoundPage'), 'NotFoundPage'),
  });
  return { router, queryClient };
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>['router'];
  }
}
