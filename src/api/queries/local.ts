import { api, datasOf, type ApiClient } from '../client';

// Operations tagged `local` in openapi/storefront.yaml: the reference backend's stand-ins (local mode only).

// checkout (issue 12)

export type LocalCardDecision = 'approve' | 'decline' | 'cancel';

export type LocalPayMethod = 'card' | 'kakaopay' | 'naverpay' | 'tosspay';

/**
 * POST /local/pay/transactions — opens a pending test transaction for an open order, with the method and the
 * installment month the member chose (recorded by the provider, as PortOne records them).
 */
export function startLocalCardTransaction(
  paymentid: number,
  amount: number,
  choice: { method: LocalPayMethod; installmentMonth: number },
  client: ApiClient = api,
) {
  return datasOf(client.POST('/local/pay/transactions', { body: { paymentid, amount, ...choice } }));
}

/** POST /local/pay/transactions/{pgtid}/{approve|decline|cancel} — the member's choice in the test card window. */
export async function decideLocalCardTransaction(pgtid: string, decision: LocalCardDecision, client: ApiClient = api) {
  const params = { params: { path: { pgtid } } };
  const call =
    decision === 'approve'
      ? client.POST('/local/pay/transactions/{pgtid}/approve', params)
      : decision === 'decline'
        ? client.POST('/local/pay/transactions/{pgtid}/decline', params)
        : client.POST('/local/pay/transactions/{pgtid}/cancel', params);
  const { data, response } = await call;
  return { transaction: await datasOf(Promise.resolve({ data, response })), message: data?.respMessage ?? '' };
}
