import { createFileRoute } from '@tanstack/react-router';
import { bannersQuery } from '../../api/queries/catalogMain';
import { prefetchBriefly } from '../../api/prefetch';
import { MainPage } from '../../features/catalog/MainPage';

/** /main-test: the same main page, kept as its own route (spec §2). */
export const Route = createFileRoute('/_a/main-test')({
  staticData: { title: '메인 (테스트)' },
  loader: ({ context }) => prefetchBriefly(context.queryClient, bannersQuery()),
  component: MainPage,
});
