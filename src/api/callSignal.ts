// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import type { Query, QueryOptions } from '@tanstack/react-query';

type QueryBehavior = NonNullable<QueryOptions['behavior']>;

/**
 * Lets a query's call be aborted without every query function passing a signal (issue 26): the query cache runs each
 * query function inside `callingWith`, and the client picks the signal up when the call starts (client.ts). Only a call
 * made before the query function's first `await` is covered; every query function here makes its call first.
 */
let current: AbortSignal | undefined;

export function callingWith<T>(signal: AbortSignal, run: () => T): T {
  const outer = current;
  current = signal;
  try {
    return run();
  } finally {
    current = outer;
  }
}

/** The signal of the query whose function is running right now, if any. */
export function currentCallSignal(): AbortSignal | undefined {
  return current;
}

/** Each query's running call (components/section/retryStalled.ts aborts one). */
export const queryCalls = new WeakMap<Query, AbortController>();

/**
 * The app's query default: each attempt of a query's function gets its own controller. Its own, not React Query's
 * signal: reading that one would make React Query abort a call whenever its last observer unmounts (a page left
 * mid-load), which the screens do not expect.
 */
export const abortableQueryCalls: QueryBehavior = {
  onFetch(context, query) {
    const fetchFn = context.fetchFn;
    context.fetchFn = () => {
      const controller = new AbortController();
      queryCalls.set(query, controller);
      return callingWith(controller.signal, fetchFn);
    };
  },
};
