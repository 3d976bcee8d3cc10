import { createLazyFileRoute } from '@tanstack/react-router';
import { StaffPage } from '../../features/admin/staff/StaffPage';

export const Route = createLazyFileRoute('/admin/staff')({
  component: StaffPage,
});
