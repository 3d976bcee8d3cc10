import { Hono } from 'hono';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { pendingMigrations } from '../db/migrate';

/**
 * Probes for an orchestrator or a load balancer, outside the API's envelope and the SPA fallback:
 *   /healthz  the process answers (liveness: restart it when this fails);
 *   /readyz   the database answers and every migration this code knows is applied (readiness: send it traffic).
 * Neither is cached, and neither says more than a load balancer needs (no versions, no error text).
 */
export function healthRoutes(db: Db, isDraining: () => boolean): Hono {
  const app = new Hono();
  const noStore = { 'cache-control': 'no-store' };
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, noStore));
  app.get('/readyz', async (c) => {
    if (isDraining()) return c.json({ status: 'draining' }, 503, noStore);
    try {
      await sql`select 1`.execute(db);
      const pending = await pendingMigrations(db);
      if (pending.length) return c.json({ status: 'migrating' }, 503, noStore);
      return c.json({ status: 'ready' }, 200, noStore);
    } catch (error) {
      console.error('[server] readiness check: database unreachable:', (error as Error).message);
      return c.json({ status: 'database unreachable' }, 503, noStore);
    }
  });
  return app;
}
