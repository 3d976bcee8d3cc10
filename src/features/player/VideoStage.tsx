import './mediaChromeKo';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  MediaControlBar,
  MediaController,
  MediaFullscreenButton,
  MediaLoadingIndicator,
  MediaMuteButton,
  MediaPlayButton,
  MediaSeekBackwardButton,
  MediaSeekForwardButton,
  MediaTimeDisplay,
  MediaTimeRange,
  MediaVolumeRange,
} from 'media-chrome/react';
import { MediaPlaybackRateMenu, MediaPlaybackRateMenuButton } from 'media-chrome/react/menu';
import type { MediaController as MediaControllerElement } from 'media-chrome';
import { PLAYBACK_RATES, readPreferences, savePreferences } from './preferences';

const MEDIA_ERROR = '영상을 재생하지 못했습니다. 네트워크를 확인한 뒤 다시 시도해주세요.';

interface VideoStageProps {
  /** Signed `<video src>` or HLS playlist. */
  src: string;
  /** Second to start from. */
  startAt: number;
  title: string;
  /** The `<video>` once mounted, for the watch-time reporter and the playing place. */
  onVideo: (video: HTMLVideoElement | null) => void;
  /** A fresh signed link (the old one expired or the network dropped it). */
  onRetry: () => void;
  children?: ReactNode;
}

/** HLS when the address or its `path` names a `.m3u8` playlist. */
export function isHlsSource(src: string): boolean {
  const url = new URL(src, 'http://player.invalid');
  return url.pathname.endsWith('.m3u8') || (url.searchParams.get('path') ?? '').endsWith('.m3u8');
}

/**
 * The video with media-chrome's accessible controls (keyboard, playback-rate menu 0.5–2×). hls.js is fetched only
 * for an HLS source where the browser needs it; MP4 plays in the native element. Speed and volume follow the
 * member's last choice.
 */
export function VideoStage({ src, startAt, title, onVideo, onRetry, children }: VideoStageProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const controllerRef = useRef<MediaControllerElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    setFailed(false);
    let cancelled = false;
    let destroy: (() => void) | undefined;
    const prefs = readPreferences();
    const start = () => {
      video.defaultPlaybackRate = prefs.rate;
      video.playbackRate = prefs.rate;
      video.volume = prefs.volume;
      video.muted = prefs.muted;
      if (startAt > 0 && startAt < video.duration - 1 && Math.abs(video.currentTime - startAt) > 1) video.currentTime = startAt;
      // Autoplay may be refused until the member touches the page; the play button is there.
      void video.play().catch(() => undefined);
    };
    video.addEventListener('loadedmetadata', start, { once: true });
    const onError = () => setFailed(true);
    video.addEventListener('error', onError);
    if (isHlsSource(src)) {
      // hls.js first wherever Media Source Extensions exist (the order hls.js recommends); a browser without
      // them but with its own HLS (older iOS) plays the playlist natively.
      void import('hls.js').then(({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          if (video.canPlayType('application/vnd.apple.mpegurl')) video.src = src;
          else setFailed(true);
          return;
        }
        const hls = new Hls({ startPosition: startAt > 0 ? startAt : -1 });
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) setFailed(true);
        });
        hls.loadSource(src);
        hls.attachMedia(video);
        destroy = () => hls.destroy();
      }, onError);
    } else {
      video.src = src;
    }
    return () => {
      cancelled = true;
      video.removeEventListener('loadedmetadata', start);
      video.removeEventListener('error', onError);
      destroy?.();
      video.removeAttribute('src');
      video.load();
    };
  }, [src, startAt]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    onVideo(video);
    const remember = () => savePreferences({ rate: video.playbackRate, volume: video.volume, muted: video.muted });
    video.addEventListener('ratechange', remember);
    video.addEventListener('volumechange', remember);
    return () => {
      video.removeEventListener('ratechange', remember);
      video.removeEventListener('volumechange', remember);
      onVideo(null);
    };
  }, [onVideo]);

  // The shortcuts work wherever the page has focus, not only inside the controls (not while typing).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const controller = controllerRef.current;
      const target = e.target as HTMLElement | null;
      if (!controller || e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
      if (
        target &&
        (controller.contains(target) || target.closest('input, textarea, select, button, a, [contenteditable="true"]'))
      )
        return;
      if (![' ', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'f', 'm', 'k'].includes(e.key)) return;
      e.preventDefault();
      controller.keyboardShortcutHandler(e);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="player-stage">
      <MediaController ref={controllerRef} className="player-stage__controller" lang="ko" defaultStreamType="on-demand">
        <video ref={videoRef} slot="media" playsInline preload="auto" aria-label={title} />
        <MediaLoadingIndicator slot="centered-chrome" noAutohide />
        <MediaPlayButton slot="centered-chrome" className="player-stage__big-play" />
        <MediaPlaybackRateMenu id="player-rate-menu" hidden anchor="auto" rates={[...PLAYBACK_RATES]} />
        <MediaControlBar className="player-stage__bar">
          <MediaPlayButton />
          <MediaSeekBackwardButton seekOffset={10} />
          <MediaSeekForwardButton seekOffset={10} />
          <MediaTimeRange />
          <MediaTimeDisplay showDuration noToggle />
          <MediaMuteButton />
          <MediaVolumeRange />
          <MediaPlaybackRateMenuButton invokeTarget="player-rate-menu" />
          <MediaFullscreenButton />
        </MediaControlBar>
      </MediaController>
      {failed ? (
        <div className="player-overlay" role="alert">
          <p>{MEDIA_ERROR}</p>
          <button type="button" className="btn btn--primary" onClick={onRetry}>
            다시 시도
          </button>
        </div>
      ) : null}
      {children}
    </div>
  );
}
