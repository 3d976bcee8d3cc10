import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useRouteContext } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { catalogKeys } from '../../api/queries/catalog';
import { addLectureToCart } from '../../api/queries/cart';
import { saveOrder } from '../../api/queries/payment';
import { myClassKeys } from '../../api/queries/classroom';
import { alertDark, alertError, confirmDark } from '../../lib/popup';
import { signedInOrToLogin } from '../../auth/signedInOrToLogin';
import { announceCartChange } from '../../lib/announceCartChange';
import { useSessionUser } from '../../auth/sessionStore';
import { rememberLectureAction, takeLectureAction, type LectureAction } from './pendingLectureAction';

export const CART_ADDED_MESSAGE = '장바구니에 담았습니다.';
// No particle after the title: 을/를 would depend on its last syllable.
const FREE_ENROL_QUESTION = (title: string) => `무료 클래스입니다. 「${title}」 수강 신청하시겠습니까?`;

/** 장바구니, 바로 구매 and a free class's 수강 신청 of the class view; visitors get the login notice and go to /login. */
/** What a class's buttons do (useLectureActions). */
export type LectureActions = ReturnType<typeof useLectureActions>;

export function useLectureActions(contentsid: number, { resume = true }: { resume?: boolean } = {}) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const auth = useRouteContext({ from: '__root__', select: (context) => context.auth });

  const here = useLocation({ select: (location) => location.href });

  /** A visitor's press is kept for after sign-in, which brings them back to this page (`redirect`). */
  const requireMember = async (action?: LectureAction): Promise<string | null> => {
    if (!auth.hasValidToken() && action) rememberLectureAction(contentsid, action);
    if (!(await signedInOrToLogin(auth, navigate, here))) return null;
    return user.data?.useruid ?? null;
  };

  const addToCart = async () => {
    const useruid = await requireMember('cart');
    if (!useruid || busy) return;
    setBusy(true);
    try {
      await addLectureToCart(useruid, contentsid);
      announceCartChange();
      void queryClient.invalidateQueries({ queryKey: catalogKeys.detail(contentsid, useruid) });
      await alertDark(CART_ADDED_MESSAGE);
    } catch (e) {
      await alertError(e);
    } finally {
      setBusy(false);
    }
  };

  const buyNow = async () => {
    const useruid = await requireMember('buy');
    if (!useruid) return;
    await navigate({ to: '/payment/$contentsids', params: { contentsids: String(contentsid) } });
  };

  /**
   * A free class: one confirmation, then the server's free order (Payment/Save with 0원, paid at once), straight to
   * the result; no payment page. The key makes a doubled tap name the same order.
   */
  const enrolFree = async (title: string) => {
    const useruid = await requireMember();
    if (!useruid || busy) return;
    if (!(await confirmDark(FREE_ENROL_QUESTION(title)))) return;
    setBusy(true);
    try {
      const order = await saveOrder(
        {
          useruid,
          contentsids: [contentsid],
          title: '',
          amount: 0,
          pointused: 0,
          couponnumber: null,
          coupondiscount: 0,
          paidamount: 0,
          paymethod: 'free',
        },
        `free-${useruid}-${contentsid}-${crypto.randomUUID()}`,
      );
      announceCartChange();
      void queryClient.invalidateQueries({ queryKey: myClassKeys.all });
      void queryClient.invalidateQueries({ queryKey: catalogKeys.detail(contentsid, useruid) });
      await navigate({ href: `/paymentResultFree?paymentid=${order.paymentid}` });
    } catch (e) {
      await alertError(e);
    } finally {
      setBusy(false);
    }
  };

  // Only one copy of the buttons (the summary's, not the mobile buy bar's) carries a kept press on.
  useResumeAfterSignIn(resume ? contentsid : undefined, user.data?.useruid, { cart: addToCart, buy: buyNow });

  return { addToCart, buyNow, enrolFree, busy };
}

/** Back from sign-in on the class a visitor pressed 장바구니 / 바로 구매 on: that press goes on, once. */
function useResumeAfterSignIn(contentsid: number | undefined, useruid: string | undefined, run: Record<LectureAction, () => Promise<void>>) {
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    if (!useruid || contentsid === undefined) return;
    const action = takeLectureAction(contentsid);
    if (action) void latest.current[action]();
  }, [contentsid, useruid]);
}
