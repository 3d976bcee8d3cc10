/**
 * 장바구니 / 바로 구매 pressed by a visitor: remembered in this tab (sessionStorage survives the Kakao and Naver round
 * trips) so the class view carries it out once the visitor is back from sign-in. Only a press on this site writes
 * it, never an address: a link cannot make a signed-in member add to their cart.
 */
export type LectureAction = 'cart' | 'buy';

const KEY = 'pilates_pendingLectureAction';
/** A press older than this is forgotten: the visitor went elsewhere and signed in later for another reason. */
const KEEP_MS = 15 * 60 * 1000;

export function rememberLectureAction(contentsid: number, action: LectureAction, now = Date.now()): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ contentsid, action, at: now }));
  } catch {
    /* storage disabled: the visitor comes back to the class and presses again */
  }
}

/** The action pressed on this class, once; another class's press is left for that class. */
export function takeLectureAction(contentsid: number, now = Date.now()): LectureAction | undefined {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return undefined;
    const saved = JSON.parse(raw) as { contentsid?: unknown; action?: unknown; at?: unknown };
    if (saved.contentsid !== contentsid) return undefined;
    sessionStorage.removeItem(KEY);
    const fresh = typeof saved.at === 'number' && now - saved.at >= 0 && now - saved.at < KEEP_MS;
    return fresh && (saved.action === 'cart' || saved.action === 'buy') ? saved.action : undefined;
  } catch {
    return undefined;
  }
}
