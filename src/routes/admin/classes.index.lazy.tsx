import { createLazyFileRoute } from '@tanstack/react-router';
import { ClassListPage } from '../../features/admin/catalog/ClassListPage';

export const Route = createLazyFileRoute('/admin/classes/')({
  component: ClassListPage,
});
