import { optionalText } from '../../lib/searchParams';
import type { ProviderReturn } from './ProviderReturnPage';

/** The provider's return query as text (the router JSON-parses `?paymentId=7001` into a number). */
export function providerReturnOf(search: Record<string, unknown>): ProviderReturn {
  const read = (name: string) => optionalText(search[name]);
  const q: ProviderReturn = {};
  for (const name of ['paymentId', 'txId', 'code', 'message'] as const) {
    const v = read(name);
    if (v !== undefined) q[name] = v;
  }
  return q;
}
