import { loadIdentity } from './identity';
import type { IdentityRuntime } from './runtime';

/** Runs an identity action, loading the identity runtime chunk on first use. */
export function withIdentity(action: (identity: IdentityRuntime) => Promise<void> | void): void {
  loadIdentity()
    .then(action)
    .catch((error: unknown) => console.error('identity action failed', error));
}
