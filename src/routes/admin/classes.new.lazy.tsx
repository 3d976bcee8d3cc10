import { createLazyFileRoute } from '@tanstack/react-router';
import { NewClassPage } from '../../features/admin/catalog/ClassEditPage';

export const Route = createLazyFileRoute('/admin/classes/new')({
  component: NewClassPage,
});
