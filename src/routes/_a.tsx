import { createFileRoute } from '@tanstack/react-router';
import { LayoutA } from '../components/layout/Layouts';

export const Route = createFileRoute('/_a')({
  component: LayoutA,
});
