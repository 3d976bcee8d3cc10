// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { announceLogoutToOtherTabs } from './announceLogout';
import { onLogoutInOtherTab } from './logoutChannel';

describe('cross-tab logout', () => {
  it('other listeners hear a logout within a second, once', async () => {
    const heard = vi.fn();
    const stop = onLogoutInOtherTab(heard);
    announceLogoutToOtherTabs();
    await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(1), { timeout: 1000 });
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
  });

  it('the storage-event fallback also delivers', () => {
    const heard = vi.fn();
    const stop = onLogoutInOtherTab(heard);
    window.dispatchEvent(new StorageEvent('storage', { key: 'pilates_logout-at', newValue: '123' }));
    expect(heard).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated', newValue: '1' }));
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
  });
});
