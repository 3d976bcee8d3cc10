import { useEffect, useState } from 'react';

/** Seconds before the next video starts by itself. */
export const NEXT_COUNTDOWN_SECONDS = 5;

interface NextUpProps {
  title: string;
  onPlay: () => void;
  onCancel: () => void;
}

/** After a video ends: the next one in a short countdown, with "지금 재생" and "취소". */
export function NextUp({ title, onPlay, onCancel }: NextUpProps) {
  const [left, setLeft] = useState(NEXT_COUNTDOWN_SECONDS);
  useEffect(() => {
    if (left <= 0) {
      onPlay();
      return;
    }
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [left, onPlay]);
  return (
    <div className="player-overlay player-overlay--next" role="status">
      <p className="player-overlay__lead">다음 강의</p>
      <p className="player-overlay__title">{title}</p>
      <p>
        <strong>{left}</strong>초 후 재생됩니다.
      </p>
      <div className="player-overlay__actions">
        <button type="button" className="btn btn--primary" onClick={onPlay}>
          지금 재생
        </button>
        <button type="button" className="btn player-btn--ghost" onClick={onCancel}>
          취소
        </button>
      </div>
    </div>
  );
}
