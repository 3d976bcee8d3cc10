import { decideLocalCardTransaction, startLocalCardTransaction, type LocalCardDecision } from '../../../api/queries/local';
import { RETURN_PATHS, leavingPage, type CardPaymentRequest, type PaymentProvider, type ProviderOutcome } from './port';
import type { PayMethod } from './payMethods';

export type { LocalCardDecision };

/** The test window: shows the transaction, with the method and installment received, and resolves with the member's answer. */
export type AskDecision = (transaction: {
  pgtid: string;
  amount: number;
  orderName: string;
  method: PayMethod;
  installmentMonth: number;
}) => Promise<LocalCardDecision>;

export interface LocalProviderOptions {
  ask: AskDecision;
  /** Redirect-style run: leave through /paymentSuccess or /paymentFail, as PortOne does on phones. */
  redirect: boolean;
  /** Page navigation (window.location.assign in the app). */
  leave: (path: string) => void;
}

const FALLBACK: Record<Exclude<LocalCardDecision, 'approve'>, string> = {
  decline: '결제가 거절되었습니다.',
  cancel: '결제가 취소되었습니다.',
};

/**
 * The reference backend's test provider (`/local/pay`, embedded default): card and the three easy pays. Declining or cancelling there ends
 * the open order on the server (coupon and points released); UpdatePaid later verifies an approval.
 */
export function createLocalProvider(options: LocalProviderOptions): PaymentProvider {
  return {
    async pay(request: CardPaymentRequest): Promise<ProviderOutcome> {
      const choice = { method: request.method, installmentMonth: request.installmentMonth };
      const { pgtid } = await startLocalCardTransaction(request.paymentid, request.amount, choice);
      const decision = await options.ask({ pgtid, amount: request.amount, orderName: request.orderName, ...choice });
      const { transaction, message } = await decideLocalCardTransaction(pgtid, decision);
      if (options.redirect) {
        const q = new URLSearchParams({ paymentId: String(request.paymentid) });
        if (decision === 'approve') q.set('txId', pgtid);
        else q.set('code', decision === 'decline' ? 'LOCAL_DECLINED' : 'LOCAL_CANCELLED');
        if (decision !== 'approve') q.set('message', message || FALLBACK[decision]);
        options.leave(`${decision === 'approve' ? RETURN_PATHS.success : RETURN_PATHS.fail}?${q}`);
        return leavingPage();
      }
      if (decision === 'approve') return { kind: 'approved', pgtid, amount: transaction.amount };
      return { kind: decision === 'decline' ? 'declined' : 'cancelled', message: message || FALLBACK[decision] };
    },
  };
}

/** Phones get the redirect-style run, as PortOne redirects mobile browsers. */
export function prefersRedirect(userAgent: string): boolean {
  return /Mobi|Android|iPhone|iPad/i.test(userAgent);
}
