import { createLazyFileRoute } from '@tanstack/react-router';
import { FaqsPage } from '../../features/admin/board/FaqsPage';

export const Route = createLazyFileRoute('/admin/faqs')({
  component: FaqsPage,
});
