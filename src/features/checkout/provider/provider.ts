import { config } from '../../../config';
import type { AskDecision } from './local';
import type { PaymentProvider } from './port';

export interface ProviderWiring {
  /** Opens the local test card window (embedded default only). */
  ask: AskDecision;
  leave: (path: string) => void;
  origin: string;
  userAgent: string;
}

/** PortOne when both of its identifiers are configured; otherwise the reference backend's test card. */
export const usesPortOne = () => Boolean(config.VITE_PORTONE_STORE_ID && config.VITE_PORTONE_CHANNEL_KEY);

/**
 * The configured provider. Each adapter, and the PortOne SDK, is its own chunk fetched here, so only the
 * payment page ever downloads them.
 */
export async function loadPaymentProvider(wiring: ProviderWiring): Promise<PaymentProvider> {
  if (usesPortOne()) {
    const [{ createPortOneProvider }, sdk] = await Promise.all([import('./portone'), import('@portone/browser-sdk/v2')]);
    return createPortOneProvider(sdk, {
      storeId: config.VITE_PORTONE_STORE_ID!,
      channelKey: config.VITE_PORTONE_CHANNEL_KEY!,
      origin: wiring.origin,
    });
  }
  const { createLocalProvider, prefersRedirect } = await import('./local');
  return createLocalProvider({ ask: wiring.ask, leave: wiring.leave, redirect: prefersRedirect(wiring.userAgent) });
}
