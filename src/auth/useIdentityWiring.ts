import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';
import { configureIdentity, isProviderReturn, loadIdentity, needsIdentity } from './identity';

function afterPaint(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 1500 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 1);
  return () => window.clearTimeout(id);
}

/**
 * Identity wiring of the root route: cross-tab logout and the per-navigation session check (spec §4, §5),
 * with the identity runtime loaded after first paint and only when needed.
 */
export function useIdentityWiring(): void {
  const router = useRouter();
  useEffect(() => {
    const stopTabs = configureIdentity({
      navigate: (to) => router.history.push(to),
      replace: (href) => router.history.replace(href),
      // Another tab logged out: re-run the guards so an auth page sends this tab to /login.
      onOtherTabLogout: () => void router.invalidate(),
    });
    const check = (pathname: string) => {
      if (needsIdentity() || isProviderReturn(window.location.href)) {
        void loadIdentity().then((identity) => identity.navigated(pathname));
      }
    };
    const cancelFirst = afterPaint(() => check(router.state.location.pathname));
    const stopRouter = router.subscribe('onResolved', (event) => check(event.toLocation.pathname));
    return () => {
      stopTabs();
      cancelFirst();
      stopRouter();
    };
  }, [router]);
}
