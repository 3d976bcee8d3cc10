import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';

/** Sets one provider state up on this backend's database; throws when it cannot. */
export type StateHandler = (params: Record<string, unknown>) => Promise<void>;

export interface ProviderStates {
  /** PACT_STATES_SECRET: the `x-pact-states-secret` header must carry it. */
  secret: string;
  /** Every state a pact may name (contracts/provider/states.ts), by its exact name. */
  handlers: Record<string, StateHandler>;
  /** After a state's data changed behind the operations' back (the catalogue cache must not answer from before). */
  changed: () => Promise<void> | void;
}

export const PROVIDER_STATES_PATH = '/_pact/provider-states';
/** The shortest secret the server accepts: the endpoint rewrites members' data, a short secret could be guessed. */
export const MIN_STATES_SECRET = 16;

function sameSecret(given: string, expected: string): boolean {
  // Hashed first so the comparison takes the same time whatever the lengths.
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * `POST /_pact/provider-states`, the body pact's `stateChangeUrl` sends: `{ state, params, action }`. A pact verifier
 * of any language sets up each interaction's state on a running instance (staging, another port) through it.
 * Mounted only when PACT_STATES_SECRET is set; answers outside the API's envelope, like the health probes, in English:
 * its callers are verification tools, not members.
 */
export function providerStatesRoutes(states: ProviderStates): Hono {
  const app = new Hono();
  const noStore = { 'cache-control': 'no-store' };
  app.post(PROVIDER_STATES_PATH, async (c) => {
    const given = c.req.header('x-pact-states-secret');
    if (!given) return c.json({ error: 'the x-pact-states-secret header is missing' }, 401, noStore);
    if (!sameSecret(given, states.secret)) return c.json({ error: 'the x-pact-states-secret header is wrong' }, 403, noStore);
    const body = (await c.req.json().catch(() => undefined)) as { state?: unknown; params?: unknown; action?: unknown } | undefined;
    const action = body?.action ?? 'setup';
    const params = body?.params ?? {};
    if (typeof body?.state !== 'string' || (action !== 'setup' && action !== 'teardown') || typeof params !== 'object' || params === null)
      return c.json({ error: 'expected { state: string, params?: object, action?: "setup" | "teardown" }' }, 400, noStore);
    const handler = Object.hasOwn(states.handlers, body.state) ? states.handlers[body.state] : undefined;
    if (!handler) return c.json({ error: `unknown provider state "${body.state}" (contracts/PROVIDER_STATES.md lists them)` }, 400, noStore);
    // Every state sets its data up from scratch, so nothing is left to tear down.
    if (action === 'teardown') return c.json({}, 200, noStore);
    try {
      await handler(params as Record<string, unknown>);
    } catch (error) {
      const message = `provider state "${body.state}" ${JSON.stringify(params)}: ${(error as Error).message}`;
      console.error(`[server] ${message}`);
      return c.json({ error: message }, 500, noStore);
    }
    await states.changed();
    return c.json({}, 200, noStore);
  });
  return app;
}
