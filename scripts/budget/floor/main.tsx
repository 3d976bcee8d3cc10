// The "stack floor": one route using only React, ReactDOM, TanStack Router, React Query and openapi-fetch.
// The storefront's first paint is budgeted against what this page costs.
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { RouterProvider, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import createClient from 'openapi-fetch';

const client = createClient<Record<string, never>>({ baseUrl: window.location.origin });
const queryClient = new QueryClient();

function Page() {
  const stats = useQuery({
    queryKey: ['stats'],
    queryFn: async () => (await client.GET('/api/Stats/GetInfo/1' as never)).data ?? null,
  });
  return <h1>{stats.isPending ? '...' : 'floor'}</h1>;
}

const rootRoute = createRootRoute();
const pageRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: Page });
const router = createRouter({ routeTree: rootRoute.addChildren([pageRoute]) });

createRoot(document.getElementById('app')!).render(
  <QueryClientProvider client={queryClient}>
    <RouterProvider router={router} />
  </QueryClientProvider>,
);
