import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { sessionStore } from '../../auth/sessionStore';
import type { ViewAs } from './readOnly';

const untilText = (iso: string) =>
  new Intl.DateTimeFormat('ko-KR', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Asia/Seoul' }).format(
    new Date(iso),
  );

/**
 * The member view's banner: whose screen this is, that it is read-only, until when, and 나가기. Above every page of
 * the tab (its height is the page's top offset, `--view-as-h`), gone when the staff member signs out.
 */
export function ViewAsBanner({ view, onLeave }: { view: ViewAs; onLeave: () => void }) {
  const signedIn = useSyncExternalStore(sessionStore.subscribe, () => sessionStore.get().user.loggedIn);
  const ended = useEnded(view.expiresat);
  const bar = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = document.documentElement;
    const el = bar.current;
    if (!el || !signedIn) {
      root.classList.remove('view-as');
      return;
    }
    const size = () => root.style.setProperty('--view-as-h', `${el.offsetHeight}px`);
    size();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(size) : undefined;
    observer?.observe(el);
    return () => observer?.disconnect();
  }, [signedIn]);
  if (!signedIn) return null;
  return (
    <div ref={bar} className="view-as-banner" role="region" aria-label="회원 화면 보기" data-testid="view-as-banner">
      <p className="view-as-banner__text">
        <strong>
          회원 화면으로 보는 중: <span className="view-as-banner__email">{view.member.email}</span> ·{' '}
          <span className="view-as-banner__nowrap">읽기 전용</span>
        </strong>
        <span className="view-as-banner__detail">
          {view.title}
          {ended ? ' · 보기 시간이 끝났습니다. 나가서 다시 열어주세요.' : ` · ${untilText(view.expiresat)}까지`}
        </span>
      </p>
      <button type="button" className="view-as-banner__leave" onClick={onLeave}>
        나가기
      </button>
    </div>
  );
}

/** True once the grant's time is over (the server refuses its reads from then on). */
function useEnded(expiresat: string): boolean {
  const [ended, setEnded] = useState(() => Date.parse(expiresat) <= Date.now());
  useEffect(() => {
    if (ended) return;
    const timer = window.setTimeout(() => setEnded(true), Math.max(0, Date.parse(expiresat) - Date.now()));
    return () => window.clearTimeout(timer);
  }, [ended, expiresat]);
  return ended;
}
