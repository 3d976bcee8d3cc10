import { createFileRoute } from '@tanstack/react-router';
import { LayoutBare } from '../components/layout/Layouts';

export const Route = createFileRoute('/_bare')({
  component: LayoutBare,
});
