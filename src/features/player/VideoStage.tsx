import { Suspense, lazy, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { MediaController as MediaControllerElement } from 'media-chrome';
import { readCaptionsChoice, readPreferences, saveCaptionsChoice, savePreferences } from './preferences';
import { RenditionList } from './renditionList';
import { useTrackSources, type CaptionTrack } from './captionTracks';
import { firstPaintVideo, markTaken, sourceOf } from '../../lib/firstPaintVideo';
import { STALLED_TEXT } from '../../components/section/Pending';
import { RETRY_LABEL } from '../../components/section/SectionFailure';
import { useLateVideo } from './useLateVideo';

// The controls' chunk (media-chrome): asked for once the video has its first frame, or after CHROME_AT_LATEST_MS.
const PlayerChrome = lazy(() => import('./PlayerChrome'));
const CHROME_AT_LATEST_MS = 1500;

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React's JSX namespace is where custom elements are declared
  namespace JSX {
    interface IntrinsicElements {
      /** media-chrome's controller, written as its tag so the video inside it loads before media-chrome is fetched. */
      'media-controller': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
        defaultstreamtype?: string;
        nosubtitleslangpref?: string;
      };
    }
  }
}

const NO_CAPTIONS: CaptionTrack[] = [];
/** Where a cue's box starts, in percent of the video's height: clear of the 48 px control bar at 390 px too. */
const CUE_LINE_PERCENT = 78;
const MEDIA_ERROR = '영상을 재생하지 못했습니다. 네트워크를 확인한 뒤 다시 시도해주세요.';
const MEDIA_LATE = '영상을 아직 받지 못했습니다. 네트워크를 확인한 뒤 다시 시도해주세요.';

interface VideoStageProps {
  /** Signed `<video src>` or HLS playlist. */
  src: string;
  /** Second to start from. */
  startAt: number;
  /** WebVTT caption tracks of the video (signed like `src`). */
  captions?: CaptionTrack[];
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

/** The stage's own `<video>` when the server wrote none for this source. */
function newVideo(): HTMLVideoElement {
  const video = document.createElement('video');
  video.playsInline = true;
  video.preload = 'auto';
  return video;
}

/**
 * The video in media-chrome's controller, its controls (keyboard, playback-rate, captions and quality menus) loading
 * after the first frame (PlayerChrome). hls.js is fetched only for an HLS source where the browser needs it; MP4 plays
 * in the native element from the first render. Speed, volume and captions follow the member's last choice.
 * The element is the one the server wrote into the page's first paint when it plays this source (already loading,
 * maybe showing its frame: lib/firstPaintVideo.ts), else the stage's own: either way placed by the stage, not by React.
 */
export function VideoStage({ src, startAt, title, captions = NO_CAPTIONS, onVideo, onRetry, children }: VideoStageProps) {
  const [written] = useState(() => firstPaintVideo(src));
  const [video] = useState(() => written ?? newVideo());
  const videoRef = useRef<HTMLVideoElement>(video);
  const controllerRef = useRef<HTMLElement>(null);
  const [failed, setFailed] = useState(false);
  const [renditions] = useState(() => new RenditionList());
  const tracks = useTrackSources(captions);
  // 다시 시도 (a failed or a hung video) sets the source up again, whatever it is: a renewed link is often the same
  // address (then nothing would reload), and a hung request is let go only when the element loads anew.
  const [setups, setSetups] = useState(0);
  const late = useLateVideo(video, src, setups, !!written);
  const askAgain = () => {
    setSetups((n) => n + 1);
    onRetry();
  };

  // In the controller before anything reads it; media-chrome takes the `media` slot's element as its media.
  useLayoutEffect(() => {
    video.slot = 'media';
    controllerRef.current?.prepend(video);
    markTaken(video);
    return () => video.remove();
  }, [video]);
  useEffect(() => video.setAttribute('aria-label', title), [video, title]);
  useEffect(() => {
    for (const old of Array.from(video.querySelectorAll('track'))) old.remove();
    for (const t of tracks) {
      const track = document.createElement('track');
      Object.assign(track, { kind: 'subtitles', src: t.src, srclang: t.srclang, label: t.label });
      video.append(track);
    }
  }, [video, tracks]);

  // The list is on the element before media-chrome's controller takes it as its media (it reads it then).
  useEffect(() => {
    if (!('videoRenditions' in video)) Object.defineProperty(video, 'videoRenditions', { value: renditions, configurable: true });
  }, [video, renditions]);

  // The controls come after the first frame: on a slow network their code would share the line with the video's bytes.
  const [chromeWanted, setChromeWanted] = useState(
    () => customElements.get('media-controller') !== undefined || video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA,
  );
  useEffect(() => {
    if (chromeWanted) return;
    const want = () => setChromeWanted(true);
    const timer = setTimeout(want, CHROME_AT_LATEST_MS);
    video.addEventListener('loadeddata', want);
    video.addEventListener('error', want);
    return () => {
      clearTimeout(timer);
      video.removeEventListener('loadeddata', want);
      video.removeEventListener('error', want);
    };
  }, [video, chromeWanted]);

  // The member's captions choice holds across lectures and visits: the same language shows on every video that has it.
  useEffect(() => {
    const wanted = readCaptionsChoice();
    for (const t of Array.from(video.textTracks)) {
      if (t.kind === 'subtitles' || t.kind === 'captions') t.mode = wanted && t.language === wanted ? 'showing' : 'disabled';
    }
    // The control bar stands over the video's bottom edge, where the browser puts cues: lift them above it.
    const lift = (e: Event) => {
      for (const cue of Array.from((e.target as HTMLTrackElement).track.cues ?? [])) {
        if (cue instanceof VTTCue) {
          cue.snapToLines = false;
          cue.line = CUE_LINE_PERCENT;
        }
      }
    };
    const elements = Array.from(video.querySelectorAll('track'));
    for (const el of elements) el.addEventListener('load', lift);
    return () => {
      for (const el of elements) el.removeEventListener('load', lift);
    };
  }, [video, tracks]);

  // Saved only on the member's own request from the menu, never on a track coming or going with a lecture change.
  useEffect(() => {
    const controller = controllerRef.current;
    if (!controller) return;
    const remember = () =>
      setTimeout(() => {
        const showing = Array.from(video.textTracks).find((t) => t.mode === 'showing');
        saveCaptionsChoice(showing?.language || null);
      });
    const requests = ['mediashowsubtitlesrequest', 'mediadisablesubtitlesrequest', 'mediatogglesubtitlesrequest'];
    for (const r of requests) controller.addEventListener(r, remember);
    return () => {
      for (const r of requests) controller.removeEventListener(r, remember);
    };
  }, [video]);

  useEffect(() => {
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
    // The server-written video may have its metadata, or have failed, before this stage existed.
    const written = sourceOf(video) === src;
    if (written && video.readyState >= HTMLMediaElement.HAVE_METADATA) start();
    else video.addEventListener('loadedmetadata', start, { once: true });
    const onError = () => setFailed(true);
    if (written && video.error) setFailed(true);
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
        // The quality menu: hls.js's levels. A chosen level shows at once (what is buffered is dropped, as the member
        // asked to see it now); back to 자동, hls.js picks again from the next fragment.
        hls.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
          renditions.replace(
            data.levels.map((l, i) => ({ id: String(i), width: l.width, height: l.height, bitrate: l.bitrate })),
            (index) => {
              if (index < 0) hls.nextLevel = -1;
              else hls.currentLevel = index;
            },
          );
        });
        hls.loadSource(src);
        hls.attachMedia(video);
        destroy = () => hls.destroy();
      }, onError);
    } else if (!written) {
      video.src = src;
    }
    return () => {
      cancelled = true;
      video.removeEventListener('loadedmetadata', start);
      video.removeEventListener('error', onError);
      destroy?.();
      renditions.replace([], () => undefined);
      video.removeAttribute('src');
      video.load();
    };
  }, [video, src, startAt, renditions, setups]);

  useEffect(() => {
    onVideo(video);
    const remember = () => savePreferences({ rate: video.playbackRate, volume: video.volume, muted: video.muted });
    video.addEventListener('ratechange', remember);
    video.addEventListener('volumechange', remember);
    return () => {
      video.removeEventListener('ratechange', remember);
      video.removeEventListener('volumechange', remember);
      onVideo(null);
    };
  }, [video, onVideo]);

  // The shortcuts work wherever the page has focus, not only inside the controls (not while typing).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const controller = controllerRef.current as MediaControllerElement | null;
      const target = e.target as HTMLElement | null;
      // Until media-chrome has upgraded the controller, the keys keep their browser meaning.
      if (
        !controller ||
        typeof controller.keyboardShortcutHandler !== 'function' ||
        e.altKey ||
        e.ctrlKey ||
        e.metaKey ||
        e.defaultPrevented
      )
        return;
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
      <media-controller
        ref={controllerRef}
        className="player-stage__controller"
        lang="ko"
        defaultstreamtype="on-demand"
        nosubtitleslangpref=""
      >
        {chromeWanted ? (
          <Suspense fallback={null}>
            <PlayerChrome controllerRef={controllerRef} videoRef={videoRef} renditions={renditions} />
          </Suspense>
        ) : null}
      </media-controller>
      {failed ? (
        <div className="player-overlay" role="alert">
          <p>{MEDIA_ERROR}</p>
          <button type="button" className="btn btn--primary" onClick={askAgain}>
            {RETRY_LABEL}
          </button>
        </div>
      ) : late ? (
        <div className="player-overlay" role="status">
          <p>{STALLED_TEXT}</p>
          <p className="player-stage__reason">{MEDIA_LATE}</p>
          <button type="button" className="btn btn--primary" onClick={askAgain}>
            {RETRY_LABEL}
          </button>
        </div>
      ) : null}
      {children}
    </div>
  );
}
