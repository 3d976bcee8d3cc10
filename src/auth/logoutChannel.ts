import { productKey } from '../lib/productKeys';

/** Tells other tabs of this browser that the member logged out (within a second, spec §4). */
const CHANNEL = productKey('session');
const STORAGE_KEY = productKey('logout-at');

type Message = { type: 'logout'; at: number };

export function announceLogoutToOtherTabs(): void {
  const message: Message = { type: 'logout', at: Date.now() };
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage(message);
    channel.close();
  }
  try {
    // storage-event fallback for browsers without BroadcastChannel; removed at once.
    localStorage.setItem(STORAGE_KEY, String(message.at));
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    /* storage disabled */
  }
}

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
