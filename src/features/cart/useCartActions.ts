import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { cartKeys, removeFromCart, type CartItem } from '../../api/queries/cart';
import { announceCartChange } from '../../lib/announceCartChange';
import { alertError, confirmDark } from '../../lib/popup';

export const REMOVE_ONE_QUESTION = '이 클래스를 장바구니에서 삭제하시겠습니까?';
export const REMOVE_SELECTED_QUESTION = (n: number) => `선택한 클래스 ${n}개를 장바구니에서 삭제하시겠습니까?`;

/** Removing lines from the cart: confirm 취소/확인, one call per line, then the cart and every count refresh. */
export function useCartActions(useruid: string) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const remove = async (items: CartItem[], question: string): Promise<void> => {
    if (busy || items.length === 0 || !(await confirmDark(question))) return;
    setBusy(true);
    try {
      // No bulk call in the contract: one remove per line, in order, so a failure stops with the rest kept.
      for (const item of items) await removeFromCart(useruid, item);
    } catch (e) {
      await alertError(e);
    } finally {
      // Whatever went, went: header, side menu, mobile bar and this list follow the event; waiting for the list
      // (joining the refetch the event started) keeps the buttons off until the removed lines are gone.
      announceCartChange();
      await queryClient.invalidateQueries({ queryKey: cartKeys.list(useruid) }, { cancelRefetch: false });
      setBusy(false);
    }
  };

  return {
    busy,
    removeOne: (item: CartItem) => remove([item], REMOVE_ONE_QUESTION),
    removeSelected: (items: CartItem[]) => remove(items, REMOVE_SELECTED_QUESTION(items.length)),
  };
}
