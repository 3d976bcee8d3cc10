import { createLazyFileRoute } from '@tanstack/react-router';
import { NoticesPage } from '../../features/admin/board/NoticesPage';

export const Route = createLazyFileRoute('/admin/notices')({
  component: NoticesPage,
});
