import { createFileRoute } from '@tanstack/react-router';
import { branchesQuery } from '../../api/queries/catalog';
import { CompanyPage } from '../../features/company/CompanyPage';

const TITLE = '회사소개';

export const Route = createFileRoute('/_b/company')({
  staticData: { title: TITLE },
  // The branch card fetches on its own; the introduction paints without waiting for it.
  loader: ({ context }) => void context.queryClient.prefetchQuery(branchesQuery()),
  component: CompanyPage,
});
