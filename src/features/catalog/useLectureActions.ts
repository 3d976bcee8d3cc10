import { useState } from 'react';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { catalogKeys } from '../../api/queries/catalog';
import { addLectureToCart } from '../../api/queries/cart';
import { alertDark, alertError } from '../../lib/popup';
import { signedInOrToLogin } from '../../auth/signedInOrToLogin';
import { announceCartChange } from '../../lib/cartEvents';
import { useSessionUser } from '../../auth/sessionStore';

export const CART_ADDED_MESSAGE = '장바구니에 담았습니다.';

/** 장바구니 and 바로 구매 of the class view; visitors get the login notice and go to /login. */
export function useLectureActions(contentsid: number) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const auth = useRouteContext({ from: '__root__', select: (context) => context.auth });

  const requireMember = async (): Promise<string | null> => {
    if (!(await signedInOrToLogin(auth, navigate))) return null;
    return user.data?.useruid ?? null;
  };

  const addToCart = async () => {
    const useruid = await requireMember();
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
    const useruid = await requireMember();
    if (!useruid) return;
    await navigate({ to: '/payment/$contentsids', params: { contentsids: String(contentsid) } });
  };

  return { addToCart, buyNow, busy };
}
