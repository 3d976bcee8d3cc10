// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { useHeaderMode } from '../header/useHeaderMode';
import { ArrowUpIcon, ChatIcon } from '../icons';
import { CHAT_CHANNEL_URL } from './siteInfo';
import './footer.css';

/** Chat-channel button, and a scroll-to-top button shown while scrolling up (spec §2 footer). */
export function FloatingButtons() {
  const mode = useHeaderMode();
  return (
    <div className="floating">
      <button
        type="button"
        className={mode === 'up' ? 'floating__top show' : 'floating__top'}
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        aria-label="맨 위로"
        tabIndex={mode === 'up' ? 0 : -1}
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
