import { createFileRoute } from '@tanstack/react-router';
import { LayoutB } from '../components/layout/Layouts';

export const Route = createFileRoute('/_b')({
  component: LayoutB,
});
