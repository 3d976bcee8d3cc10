import { useEffect, useRef } from 'react';
import { useHeaderMode } from '../header/useHeaderMode';
import { ChatIcon } from '../icons';
import { ArrowUpIcon } from './ArrowUpIcon';
import { CHAT_CHANNEL_URL } from '../../../rules/chatChannel';
// Hidden while a control of the page lies under it. This module loads after the first load (with the footer:
// SiteFooter.tsx), so the check comes with it instead of at a later scroll.
import { read as markOverAControl } from './overAControl';
import './footer.css';

/**
 * Chat-channel button, and a scroll-to-top button shown while scrolling up (spec §2 footer), unless a control of the
 * page is under it at that moment.
 */
export function FloatingButtons() {
  const mode = useHeaderMode();
  const top = useRef<HTMLButtonElement>(null);
  const shown = mode === 'up';
  useEffect(() => {
    if (shown) markOverAControl();
  }, [shown]);
  return (
    <div className="floating">
      <button
        ref={top}
        type="button"
        className={shown ? 'floating__top show' : 'floating__top'}
        onClick={() => scrollTo({ top: 0, behavior: 'smooth' })}
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
