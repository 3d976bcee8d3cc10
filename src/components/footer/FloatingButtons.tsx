// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { useEffect, useRef, useState } from 'react';
import { useHeaderMode } from '../header/useHeaderMode';
import { ArrowUpIcon, ChatIcon } from '../icons';
import { CHAT_CHANNEL_URL } from './siteInfo';
import './footer.css';

const TAPPABLE = 'a[href], button, input, select, textarea, label, summary, [role="button"], [role="radio"], [role="tab"]';

/**
 * Whether a control of the page lies under the ↑ button's box: shown there, the button would take the control's taps
 * (issue 42: it sat over the payment page's 토스페이 tile at 390 px). Read at the box's corners and centre.
 */
function overAControl(button: HTMLElement): boolean {
  const box = button.getBoundingClientRect();
  const xs = [box.left + 4, (box.left + box.right) / 2, box.right - 4];
  const ys = [box.top + 4, (box.top + box.bottom) / 2, box.bottom - 4];
  return xs.some((x) =>
    ys.some((y) => document.elementsFromPoint(x, y).find((el) => !el.closest('.floating'))?.closest(TAPPABLE) != null),
  );
}

/**
 * Whether the ↑ button would sit over a control now, read again on each scroll frame while the header mode says it
 * may show: the page moves under the fixed button.
 */
function useOverAControl(button: React.RefObject<HTMLElement | null>, active: boolean): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    if (!active) return;
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
  }, [active, button]);
  return active && over;
}

/**
 * Chat-channel button, and a scroll-to-top button shown while scrolling up (spec §2 footer), unless a control of the
 * page is under it at that moment.
 */
export function FloatingButtons() {
  const mode = useHeaderMode();
  const top = useRef<HTMLButtonElement>(null);
  const overAControl = useOverAControl(top, mode === 'up');
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
