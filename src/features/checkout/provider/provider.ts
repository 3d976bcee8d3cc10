import { config } from '../../../config';
import type { AskDecision } from './local';
import { PAY_METHODS, type PayMethod } from './payMethods';
import type { PaymentProvider } from './port';

export interface ProviderWiring {
  /** Opens the local test payment window (embedded default only). */
  ask: AskDecision;
  leave: (path: string) => void;
  origin: string;
  userAgent: string;
}

/** The PortOne channel key of each method, as configured (blank = not offered). */
function portOneChannels(): Partial<Record<PayMethod, string>> {
  const keys: Record<PayMethod, string | undefined> = {
    card: config.VITE_PORTONE_CHANNEL_KEY,
    kakaopay: config.VITE_PORTONE_CHANNEL_KEY_KAKAOPAY,
    naverpay: config.VITE_PORTONE_CHANNEL_KEY_NAVERPAY,
    tosspay: config.VITE_PORTONE_CHANNEL_KEY_TOSSPAY,
  };
  return Object.fromEntries(Object.entries(keys).filter(([, key]) => !!key));
}

/** PortOne when the store id and at least one channel are configured; otherwise the reference backend's test window. */
export const usesPortOne = () => Boolean(config.VITE_PORTONE_STORE_ID && Object.keys(portOneChannels()).length > 0);

/** The methods the payment page offers: PortOne's configured channels, or all of them in the demo's test window. */
export function offeredPayMethods(): PayMethod[] {
  if (!usesPortOne()) return [...PAY_METHODS];
  const channels = portOneChannels();
  return PAY_METHODS.filter((m) => channels[m]);
}

/**
 * The configured provider. Each adapter, and the PortOne SDK, is its own chunk fetched here, so only the
 * payment page ever downloads them.
 */
export async function loadPaymentProvider(wiring: ProviderWiring): Promise<PaymentProvider> {
  if (usesPortOne()) {
    const [{ createPortOneProvider }, sdk] = await Promise.all([import('./portone'), import('@portone/browser-sdk/v2')]);
    return createPortOneProvider(sdk, {
      storeId: config.VITE_PORTONE_STORE_ID!,
      channels: portOneChannels(),
      origin: wiring.origin,
    });
  }
  const { createLocalProvider, prefersRedirect } = await import('./local');
  return createLocalProvider({ ask: wiring.ask, leave: wiring.leave, redirect: prefersRedirect(wiring.userAgent) });
}
