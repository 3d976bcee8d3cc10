import { createLazyFileRoute } from '@tanstack/react-router';
import { AdminHome } from '../../features/admin/shell/AdminHome';

export const Route = createLazyFileRoute('/admin/')({
  component: AdminHome,
});
