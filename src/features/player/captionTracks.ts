import { useEffect, useState } from 'react';
import type { components } from '../../api/schema.gen';

export type CaptionTrack = components['schemas']['CaptionTrack'];

/** A caption track with the address its `<track>` loads. */
export interface LoadedTrack extends CaptionTrack {
  src: string;
}

const sameOrigin = (url: string) => new URL(url, location.href).origin === location.origin;

/**
 * The `<track src>` of each caption. A track on this origin loads by its signed link. One on MEDIA_ORIGIN would need
 * the whole `<video>` in CORS mode (`crossorigin`), which would make the video's own bytes depend on CORS too; so it
 * is fetched (connect-src allows the media origin, the server answers it with CORS) and given as a blob.
 */
export function useTrackSources(captions: CaptionTrack[]): LoadedTrack[] {
  const [loaded, setLoaded] = useState<LoadedTrack[]>(() =>
    captions.filter((c) => sameOrigin(c.url)).map((c) => ({ ...c, src: c.url })),
  );
  useEffect(() => {
    const blobs: string[] = [];
    let cancelled = false;
    const local = captions.filter((c) => sameOrigin(c.url)).map((c) => ({ ...c, src: c.url }));
    setLoaded(local);
    const remote = captions.filter((c) => !sameOrigin(c.url));
    if (remote.length) {
      void Promise.all(
        remote.map(async (c) => {
          const res = await fetch(c.url);
          if (!res.ok) throw new Error(`caption track ${res.status}`);
          const src = URL.createObjectURL(await res.blob());
          blobs.push(src);
          return { ...c, src };
        }),
      ).then(
        (fetched) => {
          if (!cancelled) setLoaded([...local, ...fetched]);
        },
        // The video plays without captions; the menu then has none to offer.
        () => undefined,
      );
    }
    return () => {
      cancelled = true;
      blobs.forEach((b) => URL.revokeObjectURL(b));
    };
  }, [captions]);
  return loaded;
}
