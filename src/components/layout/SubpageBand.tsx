// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { useMatches } from '@tanstack/react-router';

/** Layout B's title band: the deepest route title (spec §2 "subpage styling"). */
export function SubpageBand() {
  const title = useMatches({
    select: (matches) => [...matches].reverse().find((m) => m.staticData.title)?.staticData.title,
  });
  return (
    <div className="subpage-band">
      <div className="subpage-band__inner">
        <h1 className="subpage-band__title">{title}</h1>
      </div>
    </div>
  );
}
