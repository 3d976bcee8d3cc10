/** Shown in the tab that was playing when another tab or device started playback. */
export const DISPLACED_MESSAGE = '다른 탭이나 기기에서 강의 재생을 시작하여 이 화면의 재생을 멈췄습니다.';

export function Displaced({ onResume }: { onResume: () => void }) {
  return (
    <div className="player-overlay player-overlay--displaced" role="alert">
      <p>{DISPLACED_MESSAGE}</p>
      <button type="button" className="btn btn--primary" onClick={onResume}>
        여기서 계속 보기
      </button>
    </div>
  );
}
