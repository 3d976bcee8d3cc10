import { createFileRoute } from '@tanstack/react-router';
import { QuizPanel } from '../../../features/quiz/QuizPanel';
import { idParam } from '../../../lib/routeParams';

// The classroom branch builds this page; until the merge it only carries the quiz (QuizEntry slot there).
export const Route = createFileRoute('/_b/_auth/myclassProgress/$contentsid')({
  staticData: { title: '학습 진도' },
  component: MyClassProgressPage,
});

function MyClassProgressPage() {
  const { contentsid } = Route.useParams();
  return <QuizPanel contentsid={idParam(contentsid)} />;
}
