import { useEffect, useState } from 'react';

/** The playing video's whole second, kept current while it plays and after a seek (the 메모 tab shows it). */
export function useCurrentSecond(video: HTMLVideoElement | null): number {
  const [second, setSecond] = useState(0);
  useEffect(() => {
    if (!video) return;
    const read = () => setSecond(Math.floor(video.currentTime));
    read();
    video.addEventListener('timeupdate', read);
    video.addEventListener('seeked', read);
    return () => {
      video.removeEventListener('timeupdate', read);
      video.removeEventListener('seeked', read);
    };
  }, [video]);
  return second;
}
