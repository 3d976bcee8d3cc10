import { createFileRoute } from '@tanstack/react-router';
import { QuizPanel } from '../../../features/quiz/QuizPanel';
import { idParam } from '../../../lib/routeParams';

const TITLE = '학습 진도';

// The classroom branch builds this page; until the merge it only carries the quiz (QuizEntry slot there).
export const Route = createFileRoute('/_b/_auth/myclassProgress/$contentsid')({
  staticData: { title: TITLE },
  params: { parse: (p) => ({ contentsid: idParam(p.contentsid) }), stringify: (p) => ({ contentsid: String(p.contentsid) }) },
  component: MyClassProgressPage,
});

function MyClassProgressPage() {
  const { contentsid } = Route.useParams();
  return <QuizPanel contentsid={contentsid} />;
}
