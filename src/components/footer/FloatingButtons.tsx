// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { useEffect, useRef, useState } from 'react';
import { useHeaderMode } from '../header/useHeaderMode';
import { ArrowUpIcon, ChatIcon } from '../icons';
import { CHAT_CHANNEL_URL } from './siteInfo';
import './footer.css';

/**
 * Whether the ↑ button's place is over a control of the page, watched while the button would show (src/components/
 * footer/overAControl.ts, loaded then); unknown (undefined) until first read, and the button stays hidden meanwhile.
 */
function useOverAControl(button: React.RefObject<HTMLElement | null>, active: boolean): boolean | undefined {
  const [over, setOver] = useState<boolean>();
  useEffect(() => {
    if (!active) return;
    setOver(undefined);
    let stop: (() => void) | undefined;
    let gone = false;
    void import('./overAControl').then(({ watchOverAControl }) => {
      if (!gone && button.current) stop = watchOverAControl(button.current, setOver);
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [button, active]);
  return over;
}

/**
 * Chat-channel button, and a scroll-to-top button shown while scrolling up (spec §2 footer), unless a control of the
 * page is under it at that moment.
 */
export function FloatingButtons() {
  const mode = useHeaderMode();
  const top = useRef<HTMLButtonElement>(null);
  const shown = useOverAControl(top, mode === 'up') === false && mode === 'up';
  return (
    <div className="floating">
      <button
        ref={top}
        type="button"
        className={shown ? 'floating__top show' : 'floating__top'}
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        aria-label="맨 위로"
        tabIndex={shown ? 0 : -1}
        data-testid="scroll-top"
      >
        <ArrowUpIcon size={20} />
      </button>
      <a className="floating__chat" href={CHAT_CHANNEL_URL} target="_blank" rel="noreferrer" aria-label="카카오톡 채널 상담">
        <ChatIcon size={24} />
      </a>
    </div>
  );
}
