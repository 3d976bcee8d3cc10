import { createFileRoute } from '@tanstack/react-router';
import { MyCertificatesPage } from '../../../features/quiz/MyCertificatesPage';

// Loading and errors are the screen's own: a loader or pending stub here would sit in the first paint's route table.
export const Route = createFileRoute('/_b/_auth/myCertificates')({
  staticData: { title: '수료증 발급' },
  component: MyCertificatesPage,
});
