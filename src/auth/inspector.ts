import type { ActorOptions, AnyActorLogic } from 'xstate';

type Inspect = ActorOptions<AnyActorLogic>['inspect'];

/**
 * Stately inspector: development only, and only on request (`?inspect` in the address or
 * VITE_XSTATE_INSPECT=1). Production builds drop this branch and the package entirely.
 */
export async function devInspector(): Promise<Inspect> {
  if (!import.meta.env.DEV) return undefined;
  const wanted =
    new URLSearchParams(window.location.search).has('inspect') || import.meta.env.VITE_XSTATE_INSPECT === '1';
  if (!wanted) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}
