// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { useEffect, useRef, useState } from 'react';
import { useHeaderMode } from '../header/useHeaderMode';
import { ArrowUpIcon, ChatIcon } from '../icons';
import { CHAT_CHANNEL_URL } from './siteInfo';
import './footer.css';

const TAPPABLE = 'a[href], button, input, select, textarea, label, summary, [role="button"], [role="radio"], [role="tab"]';

/**
 * Whether a control of the page lies under the ↑ button's place: shown there, the button would take the control's taps
 * (issue 42: it sat over the payment page's 토스페이 tile at 390 px). Read at the corners and centre of its box as laid
 * out (without the hidden button's 10 px slide).
 */
function overAControl(button: HTMLElement): boolean {
  const floating = button.offsetParent?.getBoundingClientRect();
  if (!floating) return false;
  const left = floating.left + button.offsetLeft;
  const top = floating.top + button.offsetTop;
  const xs = [left + 4, left + button.offsetWidth / 2, left + button.offsetWidth - 4];
  const ys = [top + 4, top + button.offsetHeight / 2, top + button.offsetHeight - 4];
  return xs.some((x) =>
    ys.some((y) => document.elementsFromPoint(x, y).find((el) => !el.closest('.floating'))?.closest(TAPPABLE) != null),
  );
}

/**
 * Whether the ↑ button's place is over a control now, read on each scroll frame (the page moves under the fixed
 * button) and on resize, in the same frame as the header mode, so the button never shows for a frame over a control.
 */
function useOverAControl(button: React.RefObject<HTMLElement | null>): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    let frame = 0;
    const read = () => {
      frame = 0;
      if (button.current) setOver(overAControl(button.current));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(read);
    };
    read();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [button]);
  return over;
}

/**
 * Chat-channel button, and a scroll-to-top button shown while scrolling up (spec §2 footer), unless a control of the
 * page is under it at that moment.
 */
export function FloatingButtons() {
  const mode = useHeaderMode();
  const top = useRef<HTMLButtonElement>(null);
  const overAControl = useOverAControl(top);
  const shown = mode === 'up' && !overAControl;
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
