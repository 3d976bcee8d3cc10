import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { videoSourceQuery } from '../../api/queries/player';
import { QueryState } from '../../components/section/QueryState';

export interface PreviewVideo {
  videoid: number;
  title: string;
}

/**
 * The class's free lecture in a modal window on the class view (issue 26): anyone may watch it, a visitor
 * included, so it does not go through the member-only player (which records progress and claims the one playing
 * place). Esc or 닫기 closes it; closing stops the video.
 */
export function PreviewPlayer({ video, onClose }: { video: PreviewVideo; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const source = useQuery({ ...videoSourceQuery(video.videoid), retry: false, refetchOnWindowFocus: false });
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="preview-window" aria-labelledby="preview-window-title" onClose={onClose}>
      <div className="preview-window__head">
        <h2 id="preview-window-title" className="preview-window__title">
          <span className="preview-badge">미리보기</span> {video.title}
        </h2>
        <button type="button" className="btn btn--sm" onClick={() => dialog.current?.close()}>
          닫기
        </button>
      </div>
      <QueryState query={source} fallback={<div className="preview-window__stage" role="status" aria-label="미리보기 영상을 불러오는 중입니다" />}>
        {(s) => <PreviewVideoElement src={s.sourceurl} title={video.title} />}
      </QueryState>
      <p className="preview-window__note">전체 강의는 구매 후 수강할 수 있습니다.</p>
    </dialog>
  );
}

/** MP4 plays in the element; an HLS preview loads hls.js on demand, as the player does. */
function PreviewVideoElement({ src, title }: { src: string; title: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let destroy: (() => void) | undefined;
    let cancelled = false;
    const path = new URL(src, location.href).searchParams.get('path') ?? src;
    if (path.endsWith('.m3u8') && !video.canPlayType('application/vnd.apple.mpegurl')) {
      void import('hls.js').then(({ default: Hls }) => {
        if (cancelled || !Hls.isSupported()) return;
        const hls = new Hls();
        hls.loadSource(src);
        hls.attachMedia(video);
        destroy = () => hls.destroy();
      });
    } else {
      video.src = src;
    }
    // Autoplay may be refused until the member touches the page; the controls are there.
    void video.play().catch(() => undefined);
    return () => {
      cancelled = true;
      destroy?.();
      video.pause();
      video.removeAttribute('src');
    };
  }, [src]);
  return (
    <video ref={ref} className="preview-window__stage" controls playsInline autoPlay aria-label={`${title} 미리보기`} />
  );
}
