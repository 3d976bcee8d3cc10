import { createFileRoute } from '@tanstack/react-router';
import { bannersQuery } from '../../api/queries/catalogMain';
import { prefetchBriefly } from '../../api/prefetch';
import { MainPage } from '../../features/catalog/MainPage';
import { PRODUCT_NAME } from '../../lib/routeMeta';

export const Route = createFileRoute('/_a/main')({
  staticData: { title: PRODUCT_NAME },
  // Only the banners hold first paint, briefly; a failed or slow banner is the banner section's, not the page's.
  loader: ({ context }) => prefetchBriefly(context.queryClient, bannersQuery()),
  component: MainPage,
});
