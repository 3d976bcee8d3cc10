import { useEffect } from 'react';
import { useMatches, useRouter } from '@tanstack/react-router';
import { configureIdentity, isProviderReturn, loadIdentity, needsIdentity } from '../../auth/identity';
import { documentTitle } from '../../lib/routeMeta';

function afterPaint(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 1500 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 1);
  return () => window.clearTimeout(id);
}

/**
 * App-shell effects of the root route: page title, scroll to top on route change, and the
 * per-navigation session check (identity runtime loaded after first paint, only when needed).
 */
export function useShellEffects(): void {
  const router = useRouter();
  const title = useMatches({
    select: (matches) => [...matches].reverse().find((m) => m.staticData.title)?.staticData.title,
  });

  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);

  useEffect(() => {
    const stopTabs = configureIdentity({
      navigate: (to) => router.history.push(to),
      // Another tab logged out: re-run the guards so an auth page sends this tab to /login.
      onOtherTabLogout: () => void router.invalidate(),
    });
    const check = (pathname: string) => {
      if (needsIdentity() || isProviderReturn(window.location.href)) {
        void loadIdentity().then((identity) => identity.navigated(pathname));
      }
    };
    const cancelFirst = afterPaint(() => check(router.state.location.pathname));
    const stopRouter = router.subscribe('onResolved', (event) => {
      if (event.pathChanged) window.scrollTo(0, 0);
      check(event.toLocation.pathname);
    });
    return () => {
      stopTabs();
      cancelFirst();
      stopRouter();
    };
  }, [router]);
}
