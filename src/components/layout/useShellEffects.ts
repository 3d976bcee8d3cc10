import { useEffect } from 'react';
import { useMatches, useRouter } from '@tanstack/react-router';
import { documentTitle } from '../../lib/routeMeta';

/** App-shell effects of the root route: page title and scroll to top on route change (spec §2). */
export function useShellEffects(): void {
  const router = useRouter();
  const title = useMatches({
    select: (matches) => [...matches].reverse().find((m) => m.staticData.title)?.staticData.title,
  });

  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);

  useEffect(
    () =>
      router.subscribe('onResolved', (event) => {
        if (event.pathChanged) window.scrollTo(0, 0);
      }),
    [router],
  );
}
