import { fromPromise } from 'xstate';

/**
 * Placeholder for an effect the runtime (or a test) must provide with `machine.provide({ actors })`.
 * Failing loudly beats a silent no-op when wiring is forgotten.
 */
export function missingActor<TOutput, TInput = void>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`state machine: actor '${name}' was not provided`);
  });
}
