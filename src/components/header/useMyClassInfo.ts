// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { myClassInfoQuery, myClassKeys } from '../../api/queries/classroom';
import { onCartChange } from '../../lib/cartEvents';

/**
 * The member's my-class summary (cart, classes, expiring, points). Refreshed on load and on every
 * window 'cart-change' event. `alertOnError`: one caller shows a failure as a browser alert with
 * the server message (spec §8).
 */
export function useMyClassInfo(useruid: string | undefined, { alertOnError = false } = {}) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...myClassInfoQuery(useruid ?? ''), enabled: Boolean(useruid) });

  useEffect(() => onCartChange(() => void queryClient.invalidateQueries({ queryKey: myClassKeys.all })), [queryClient]);

  useEffect(() => {
    if (alertOnError && query.error) window.alert(query.error.message);
  }, [alertOnError, query.error]);

  return query.data;
}
