import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { createActor, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { CheckoutStart, checkoutMachine } from '../../../machines/checkout';
import { devInspector } from '../../auth/inspector';
import { myClassKeys } from '../../api/queries/classroom';
import { announceCartChange } from '../../lib/announceCartChange';
import { checkoutMachineFor, type Member } from './checkoutActors';

export type CheckoutActor = ActorRefFrom<typeof checkoutMachine>;
export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

/**
 * Runs one checkout for the page's lifetime. The Stately inspector attaches in development on request
 * (`?inspect`), as it does for the identity machines.
 */
export function useCheckout(start: CheckoutStart, member: Member | null) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [running, setRunning] = useState<{ actor: CheckoutActor; snapshot: CheckoutSnapshot } | null>(null);
  const startKey = JSON.stringify(start);
  const memberKey = member ? `${member.useruid}|${member.email}|${member.username}` : '';

  useEffect(() => {
    if (!member) return;
    let stopped = false;
    let actor: CheckoutActor | null = null;
    const paidNow = () => {
      // The server emptied the paid lectures from the cart and changed the class count and points.
      announceCartChange();
      void queryClient.invalidateQueries({ queryKey: myClassKeys.all });
    };
    const machine = checkoutMachineFor(member, {
      toResult: (paymentid) => {
        paidNow();
        void navigate({ href: `/paymentResult?paymentid=${paymentid}`, replace: true });
      },
      toFreeResult: (paymentid) => {
        paidNow();
        void navigate({ href: `/paymentResultFree?paymentid=${paymentid}`, replace: true });
      },
    });
    void devInspector().then((inspect) => {
      if (stopped) return;
      actor = createActor(machine, { input: JSON.parse(startKey) as CheckoutStart, inspect });
      const a = actor;
      a.subscribe((snapshot) => setRunning({ actor: a, snapshot }));
      a.start();
      setRunning({ actor: a, snapshot: a.getSnapshot() });
    });
    return () => {
      stopped = true;
      actor?.stop();
    };
    // The member object is rebuilt on every render; its fields are the dependency.
  }, [startKey, memberKey]);

  return running;
}
