import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { createAppRouter } from './router';
import './styles/global.css';

const { router, queryClient } = createAppRouter();

// index.html paints a static header (and, for /main, the hero) first. Rendering once the first route's
// code and loader data are in keeps that paint until the app can replace it with the full page, with no
// blank frame in between.
void router.load().finally(() =>
  createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
  ),
);
