import { WITHDRAWAL_DAYS } from '../../../rules/refund';

const DAY_MS = 86_400_000;

/**
 * The last moment of 청약철회 (전자상거래법 17조): the paid time plus 7 days, as an ISO time with the same meaning.
 * Null when the time cannot be read (the screen then states the rule without a date).
 */
export function withdrawalDeadline(paiddate: string): string | null {
  const at = Date.parse(paiddate);
  return Number.isNaN(at) ? null : new Date(at + WITHDRAWAL_DAYS * DAY_MS).toISOString();
}
