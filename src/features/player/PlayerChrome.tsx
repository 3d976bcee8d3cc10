// Korean labels first: media-chrome's elements read the language when they are defined and upgraded just below.
import './mediaChromeKo';
import { useEffect, type RefObject } from 'react';
import {
  MediaControlBar,
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
import {
  MediaCaptionsMenu,
  MediaCaptionsMenuButton,
  MediaPlaybackRateMenu,
  MediaPlaybackRateMenuButton,
  MediaRenditionMenu,
  MediaRenditionMenuButton,
} from 'media-chrome/react/menu';
import type { MediaController } from 'media-chrome';
import { PLAYBACK_RATES } from './preferences';
import type { RenditionList } from './renditionList';

interface PlayerChromeProps {
  /** The stage's `<media-controller>`, upgraded by this module's import of media-chrome. */
  controllerRef: RefObject<HTMLElement | null>;
  videoRef: RefObject<HTMLVideoElement | null>;
  renditions: RenditionList;
}

/**
 * media-chrome's accessible controls (keyboard, playback-rate, captions and quality menus) inside the stage's
 * controller. A chunk of its own, loaded once the video has its first frame (VideoStage): the video's bytes do not
 * wait behind the controls' on a slow network.
 */
export default function PlayerChrome({ controllerRef, videoRef, renditions }: PlayerChromeProps) {
  // media-chrome looks for `videoRenditions` when its media is set: when the controller was already defined as the
  // stage mounted (a second video), that happened before the stage gave the element its list; taking the media
  // again makes the controller listen to it.
  useEffect(() => {
    const video = videoRef.current;
    const controller = controllerRef.current as MediaController | null;
    if (!video || !controller) return;
    if (!('videoRenditions' in video)) Object.defineProperty(video, 'videoRenditions', { value: renditions, configurable: true });
    controller.mediaUnsetCallback(video);
    controller.mediaSetCallback(video);
  }, [controllerRef, videoRef, renditions]);

  // media-chrome's menus carry a submenu header (a "back" button) as a hidden slot's fallback; these menus are never
  // submenus, and axe (aria-required-children) counts that button as a child a menu may not have: it is taken out.
  // Only the button: the title slot inside it stays in its place, media-chrome reads it whenever the menu's items change
  // (taking the whole header out threw "reading 'assignedNodes'" on every player page the fault matrix opened).
  useEffect(() => {
    for (const menu of controllerRef.current?.querySelectorAll(
      'media-captions-menu, media-rendition-menu, media-playback-rate-menu',
    ) ?? []) {
      const back = menu.shadowRoot?.querySelector('slot[name="header"] button[part~="back"]');
      const title = back?.querySelector('slot[name="title"]');
      if (back && title) back.replaceWith(title);
    }
  }, [controllerRef]);

  return (
    <>
      <MediaLoadingIndicator slot="centered-chrome" noAutohide />
      {/* In the room between the top and the control bar, not the whole stage's centre: on a phone's short 16:9 stage
          the centre sat over the bar and covered the time (issue 42, finding 10). */}
      <MediaPlayButton slot="middle-chrome" className="player-stage__big-play" />
      <MediaPlaybackRateMenu id="player-rate-menu" hidden anchor="auto" rates={[...PLAYBACK_RATES]} />
      <MediaCaptionsMenu id="player-captions-menu" hidden anchor="auto" />
      <MediaRenditionMenu id="player-rendition-menu" hidden anchor="auto" />
      <MediaControlBar className="player-stage__bar">
        <MediaPlayButton />
        <MediaSeekBackwardButton seekOffset={10} />
        <MediaSeekForwardButton seekOffset={10} />
        <MediaTimeRange />
        <MediaTimeDisplay showDuration noToggle />
        <MediaMuteButton />
        <MediaVolumeRange />
        <MediaCaptionsMenuButton invokeTarget="player-captions-menu" />
        <MediaPlaybackRateMenuButton invokeTarget="player-rate-menu" />
        <MediaRenditionMenuButton invokeTarget="player-rendition-menu" />
        <MediaFullscreenButton />
      </MediaControlBar>
    </>
  );
}
