import { createLazyFileRoute } from '@tanstack/react-router';
import { AdminLayout } from '../features/admin/shell/AdminLayout';

/**
 * The console (/admin). Every console route is a `.lazy.tsx` file: nothing of the console, not even a route's
 * guard, is a module of the store's first chunk (scripts/budgetConsole.ts); the route table there only names the
 * paths. The layout runs the store's guard itself (signed in, else /login and back), then asks who the staff
 * member is. Titles are set by each screen, for the same reason.
 */
export const Route = createLazyFileRoute('/admin')({
  component: AdminLayout,
});
