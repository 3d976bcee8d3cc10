import type { LectureActions } from './useLectureActions';
import { WriteFields } from '../../components/viewAs/readOnly';

/**
 * What a class not (or no longer) the member's offers: 수강 신청 for a free class, else 장바구니 and 바로 구매. The
 * summary and the phone's sticky buy bar show the same buttons, wired to the same actions.
 */
export function BuyActions({
  free,
  inCart,
  title,
  actions,
}: {
  free: boolean;
  inCart: boolean;
  title: string;
  actions: LectureActions;
}) {
  const { addToCart, buyNow, enrolFree, busy } = actions;
  if (free)
    return (
      <WriteFields>
        <button
          type="button"
          className="btn btn--primary"
          onClick={busy ? undefined : () => void enrolFree(title)}
          aria-disabled={busy}
        >
          수강 신청
        </button>
      </WriteFields>
    );
  return (
    <WriteFields>
      {/* aria-disabled, not disabled: the button keeps focus, so the 담았습니다 alert returns focus to it. */}
      <button type="button" className="btn" onClick={busy || inCart ? undefined : addToCart} aria-disabled={busy || inCart}>
        {inCart ? '장바구니에 담김' : '장바구니'}
      </button>
      <button type="button" className="btn btn--primary" onClick={buyNow}>
        바로 구매
      </button>
    </WriteFields>
  );
}
