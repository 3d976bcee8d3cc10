import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';

// Tag `payment`: refunds (청약철회) of the order detail page. The server decides the amount (rules/refund.ts).

/** GET /api/Payment/RefundQuote/{paymentid} — what a refund would return now, and why, before the member confirms. */
export function fetchRefundQuote(paymentid: number, client: ApiClient = api) {
  return datasOf(client.GET('/api/Payment/RefundQuote/{paymentid}', { params: { path: { paymentid } } }));
}

/** Asked afresh each time: a play or a download since the last look changes the amount. */
export const refundQuoteQuery = (paymentid: number) =>
  queryOptions({
    queryKey: ['payment', 'refund-quote', paymentid] as const,
    queryFn: () => fetchRefundQuote(paymentid),
    staleTime: 0,
  });

/**
 * POST /api/Payment/RequestRefund/ — refunds the order as quoted. `amount` is the quoted amount the member confirmed
 * (the server refuses when it changed); `idempotencyKey` (one per confirmation) makes a repeated request the same refund.
 */
export function requestRefund(
  paymentid: number,
  reason: string,
  amount: number,
  idempotencyKey: string,
  client: ApiClient = api,
) {
  return datasOf(
    client.POST('/api/Payment/RequestRefund/', {
      body: { paymentid, reason, amount },
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  );
}
