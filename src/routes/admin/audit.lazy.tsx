import { createLazyFileRoute } from '@tanstack/react-router';
import { AuditPage } from '../../features/admin/audit/AuditPage';

export const Route = createLazyFileRoute('/admin/audit')({
  component: AuditPage,
});
