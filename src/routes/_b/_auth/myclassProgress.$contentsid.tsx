import { createFileRoute } from '@tanstack/react-router';
import { curriculumQuery, lectureDetailQuery } from '../../../api/queries/catalog';
import { completeListQuery } from '../../../api/queries/progress';
import { useSessionUser } from '../../../auth/sessionStore';
import { ClassProgressPage } from '../../../features/classroom/ClassProgressPage';
import { LectureQna } from '../../../features/qna/LectureQna';
import { PageSkeleton } from '../../../components/ui/Skeleton';
import { RouteError } from '../../../components/ui/RouteError';
import { idParam } from '../../../lib/routeParams';

export const Route = createFileRoute('/_b/_auth/myclassProgress/$contentsid')({
  staticData: { title: '학습 진도' },
  params: { parse: (p) => ({ contentsid: idParam(p.contentsid) }), stringify: (p) => ({ contentsid: String(p.contentsid) }) },
  loader: ({ context, params }) => {
    const useruid = context.auth.member()?.useruid;
    if (!useruid) return undefined;
    const { queryClient } = context;
    return Promise.all([
      queryClient.ensureQueryData(lectureDetailQuery(params.contentsid, useruid)),
      queryClient.ensureQueryData(completeListQuery(params.contentsid, useruid)),
      queryClient.ensureQueryData(curriculumQuery(params.contentsid)),
    ]);
  },
  pendingComponent: () => <PageSkeleton lines={10} />,
  errorComponent: RouteError,
  component: MyClassProgressRoute,
});

function MyClassProgressRoute() {
  const { contentsid } = Route.useParams();
  const user = useSessionUser();
  return (
    <ClassProgressPage contentsid={contentsid} useruid={user.data?.useruid ?? ''} qna={<LectureQna contentsid={contentsid} />} />
  );
}
