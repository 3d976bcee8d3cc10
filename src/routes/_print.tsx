import { createFileRoute } from '@tanstack/react-router';
import { LayoutPrint } from '../components/layout/Layouts';

export const Route = createFileRoute('/_print')({
  component: LayoutPrint,
});
