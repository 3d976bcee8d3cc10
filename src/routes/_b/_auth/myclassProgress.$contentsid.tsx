import { createFileRoute } from '@tanstack/react-router';
import { useSessionUser } from '../../../auth/sessionStore';
import { ClassProgressPage } from '../../../features/classroom/ClassProgressPage';
import { ClassNotes } from '../../../features/player/ClassNotes';
import { LectureQna } from '../../../features/qna/LectureQna';
import { QuizPanel } from '../../../features/quiz/QuizPanel';
import { RatingPanel } from '../../../features/ratings/RatingPanel';
import { idParam } from '../../../lib/routeParams';

// No loader and no `params.parse`: route options other than the component travel in the first-paint chunk,
// and the screen starts its reads together anyway.
export const Route = createFileRoute('/_b/_auth/myclassProgress/$contentsid')({
  staticData: { title: '학습 진도' },
  component: MyClassProgressRoute,
});

function MyClassProgressRoute() {
  const contentsid = idParam(Route.useParams().contentsid);
  const useruid = useSessionUser().data?.useruid ?? '';
  return (
    <ClassProgressPage
      contentsid={contentsid}
      useruid={useruid}
      qna={<LectureQna contentsid={contentsid} />}
      quiz={<QuizPanel contentsid={contentsid} />}
      rating={<RatingPanel contentsid={contentsid} useruid={useruid || null} />}
      notes={<ClassNotes contentsid={contentsid} useruid={useruid} />}
    />
  );
}
