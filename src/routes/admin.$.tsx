import { createFileRoute } from '@tanstack/react-router';
import { AdminLayout } from '../features/admin/shell/AdminLayout';

/**
 * The console (/admin and everything below it) is this one splat route: each route of the route table is bytes of
 * the store's first chunk, so the console's screens are picked from the splat inside it (features/admin/shell/
 * AdminScreen.tsx, one chunk per screen; adminPaths.ts names the addresses).
 *
 * This file holds nothing but the path and the console's component, which autoCodeSplitting (vite.config.ts) moves
 * into the console's own chunk: what stays in the store's first chunk is the path and a lazy import, fewer bytes
 * than a `.lazy.tsx` route costs. Keep it so: no guard, loader, search or staticData here (scripts/budgetConsole.ts
 * checks that no module of features/admin reaches a visitor, and no longer this file). The layout runs the store's
 * guard itself (signed in, else /login and back), then asks who the staff member is; each screen sets its title.
 */
export const Route = createFileRoute('/admin/$')({
  component: AdminLayout,
});
