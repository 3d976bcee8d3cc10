import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { pointSumQuery, pointsQuery, type PointKind } from '../../../api/queries/points';
import { useSessionUser } from '../../../auth/sessionStore';
import { PointsPage } from '../../../features/points/PointsPage';
import { PageSkeleton } from '../../../components/ui/Skeleton';
import { RouteError } from '../../../components/ui/RouteError';
import { dropDefaults, optionalOneOf, pageOr1 } from '../../../lib/searchParams';

const TITLE = '포인트';

type PointSearch = { kind: PointKind; page: number };
const POINT_DEFAULTS: PointSearch = { kind: 'all', page: 1 };

function parsePointSearch(search: Partial<PointSearch> & SearchSchemaInput): PointSearch {
  return { kind: optionalOneOf(search.kind, ['all', 'earn', 'use']) ?? POINT_DEFAULTS.kind, page: pageOr1(search.page) };
}

export const Route = createFileRoute('/_b/_auth/mypoint')({
  staticData: { title: TITLE },
  validateSearch: parsePointSearch,
  search: { middlewares: [dropDefaults(POINT_DEFAULTS)] },
  loaderDeps: ({ search }) => ({ kind: search.kind, page: search.page }),
  loader: ({ context, deps }) => {
    const useruid = context.auth.member()?.useruid ?? '';
    return Promise.all([
      context.queryClient.ensureQueryData(pointSumQuery(useruid)),
      context.queryClient.ensureQueryData(pointsQuery(useruid, deps.page, deps.kind)),
    ]);
  },
  pendingComponent: () => <PageSkeleton lines={8} />,
  errorComponent: RouteError,
  component: MyPointRoute,
});

function MyPointRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const user = useSessionUser();
  return (
    <PointsPage
      useruid={user.data?.useruid ?? ''}
      page={search.page}
      kind={search.kind}
      onChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
    />
  );
}
