import { sql } from 'kysely';
import type { PaymentRow } from '../db/rows';
import type { ProviderPayment } from './paymentGateway';
import { syncPayment, wasPaid, type PaymentServices } from './paymentSync';
import { abandonedClaim, settleFromProvider } from './refunds';
import { Failure } from '../lib/failure';

/**
 * PortOne cancelled all or part of an order's payment (from its console, or the store's own cancel coming back as a
 * webhook). An order not yet paid is settled like any other (cancelled; a partly cancelled charge refunded in full).
 * A paid order records what PortOne reports cancelled; the refund bookkeeping (enrolment, points, coupon) is
 * RequestRefund's (server/domain/refunds.ts), finished here only for a claim whose request never heard PortOne's answer.
 */
export async function onProviderCancelled(s: PaymentServices, order: PaymentRow, provider: ProviderPayment): Promise<'settled' | 'retry'> {
  // A refunded order stays paid here: its cancels are RequestRefund's own, already counted (refunds.ts).
  if (!wasPaid(order.status)) {
    const r = await syncPayment(s, order, order.provider_payment_id);
    return r.kind === 'confirming' || (r.kind === 'refused' && r.refundOwed) ? 'retry' : 'settled';
  }
  // A refund whose request never heard PortOne's answer is finished (or released) from PortOne's record now; while a
  // request still works on it, PortOne is asked to send this webhook again later.
  const claim = await abandonedClaim(s.db, order.paymentid);
  if (claim === 'busy') return 'retry';
  if (claim) {
    try {
      await settleFromProvider(s, claim, order);
    } catch (e) {
      // PortOne unreachable in the meantime (a 503 Failure): its next delivery settles the claim.
      if (e instanceof Failure) return 'retry';
      throw e;
    }
  }
  // The provider's figure is the total so far: a repeated or reordered webhook never counts a cancel twice.
  await sql`update payments set provider_cancelled_amount = greatest(provider_cancelled_amount, ${provider.cancelledAmount})
    where paymentid = ${order.paymentid}`.execute(s.db);
  return 'settled';
}
