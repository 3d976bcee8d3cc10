import { productKey } from '../lib/productKeys';

/** Where tabs of this browser hear of a logout within a second (spec §4); ./announceLogout sends it. */
export const CHANNEL = productKey('session');
export const STORAGE_KEY = productKey('logout-at');

export type Message = { type: 'logout'; at: number };

/** Runs `onLogout` when another tab logs out; returns the unsubscribe. */
export function onLogoutInOtherTab(onLogout: () => void): () => void {
  let last = 0;
  const fire = (at: number) => {
    if (at === last) return; // both channels deliver
    last = at;
    onLogout();
  };
  let channel: BroadcastChannel | undefined;
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (e: MessageEvent<Message>) => {
      if (e.data?.type === 'logout') fire(e.data.at);
    };
  }
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEY && e.newValue) fire(Number(e.newValue));
  };
  window.addEventListener('storage', onStorage);
  return () => {
    channel?.close();
    window.removeEventListener('storage', onStorage);
  };
}
