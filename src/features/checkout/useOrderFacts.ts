import { useEffect } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { orderLecturesQuery } from '../../api/queries/catalogOrder';
import { ownedLecturesQuery } from '../../api/queries/payment';
import { pointSumQuery } from '../../api/queries/points';
import { toOrderLecture } from './checkoutActors';
import type { CheckoutActor, CheckoutSnapshot } from './useCheckout';

/** The payment page's three reads, each its own query so each section shows its own state (issue 15). */
export interface OrderFacts {
  lectures: UseQueryResult<unknown>;
  points: UseQueryResult<unknown>;
  owned: UseQueryResult<unknown>;
}

/**
 * Reads the order's lectures, the member's point balance and which lectures the member already owns, and hands
 * each answer to the checkout machine as it arrives. A failed read is never passed on as "none" or "0 P".
 */
export function useOrderFacts(actor: CheckoutActor | undefined, useruid: string, contentsids: number[]): OrderFacts {
  const lectures = useQuery({ ...orderLecturesQuery(contentsids), enabled: contentsids.length > 0 });
  const points = useQuery({ ...pointSumQuery(useruid), enabled: useruid !== '' });
  const owned = useQuery(ownedLecturesQuery(useruid, contentsids));

  useEffect(() => {
    if (actor && lectures.data) actor.send({ type: 'LECTURES_READ', lectures: lectures.data.map(toOrderLecture) });
  }, [actor, lectures.data]);
  useEffect(() => {
    if (actor && points.data) actor.send({ type: 'POINTS_READ', balance: points.data.pointSum });
  }, [actor, points.data]);
  useEffect(() => {
    if (actor && owned.data) actor.send({ type: 'OWNED_READ', contentsids: owned.data.contentsids, titles: owned.data.titles });
  }, [actor, owned.data]);

  return { lectures, points, owned };
}

const PAY_WAITS = {
  lecturesFailed: '주문 클래스를 불러오지 못해 결제할 수 없습니다.',
  lecturesLoading: '주문 클래스를 불러오는 중입니다.',
  ownedFailed: '수강 여부를 확인하지 못해 결제할 수 없습니다. 다시 시도해주세요.',
  ownedLoading: '수강 여부를 확인하는 중입니다.',
};

/** Why 결제하기 is off, or null: the order is paid only once its lectures and the member's ownership are known. */
export function payBlockedReason(facts: OrderFacts, s: CheckoutSnapshot): string | null {
  const { known } = s.context;
  if (!known.lectures) return facts.lectures.isError ? PAY_WAITS.lecturesFailed : PAY_WAITS.lecturesLoading;
  if (!known.owned) return facts.owned.isError ? PAY_WAITS.ownedFailed : PAY_WAITS.ownedLoading;
  return null;
}
