import { CHANNEL, STORAGE_KEY, type Message } from './logoutChannel';

// The sending half of ./logoutChannel: only the identity runtime logs out, so this stays out of the first chunk.
/** Tells other tabs of this browser that the member logged out (within a second, spec §4). */
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
