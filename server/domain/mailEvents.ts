import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { PaymentRow, RefundRow } from '../db/rows';
import { all } from '../db/query';
import { kst } from '../lib/time';
import { queueMail } from './mailOutbox';

/**
 * What each mail says, taken when its event happens, in the event's transaction (server/domain/mailOutbox.ts). The
 * templates (server/mail/) read only these facts, so a mail sent an hour late still tells what happened then.
 */

export interface OrderedLecture {
  contentsid: number;
  title: string;
  price: number;
  periodDays: number;
  endAt: string | null;
}

export interface PaymentConfirmedFacts {
  paymentid: number;
  title: string;
  priceTotal: number;
  couponDiscount: number;
  pointUsed: number;
  /** What was charged. */
  amount: number;
  payMethod: string;
  /** How the provider says it was paid, and its 할부 months (absent in mails queued before issue 42). */
  paidMethod?: PaymentRow['paid_method'];
  installmentMonth?: number;
  paidAt: string;
  receiptUrl: string | null;
  lectures: OrderedLecture[];
}

export interface RefundFinishedFacts {
  paymentid: number;
  refundid: number;
  title: string;
  amount: number;
  whole: boolean;
  payMethod: string;
  paidMethod?: PaymentRow['paid_method'];
  pointsRestored: number;
  pointsTakenBack: number;
  lectures: string[];
  doneAt: string;
}

export interface AccessEndingFacts {
  contentsid: number;
  title: string;
  endAt: string;
}

export interface CertificateIssuedFacts {
  certificateno: string;
  contentsid: number;
  title: string;
  issuedAt: string;
}

export interface QnaAnsweredFacts {
  qnaid: number;
  contentsid: number;
  classTitle: string;
  questionTitle: string;
  answeredAt: string;
}

export interface SuggestRepliedFacts {
  suggestid: number;
  title: string;
  repliedAt: string;
}

/** The confirmation of a paid order (전자상거래법 13조 2항), once per order. */
export async function queuePaymentConfirmed(tx: Db, p: PaymentRow): Promise<void> {
  const lectures = await all(
    tx,
    sql<{ contentsid: number; title: string; price: number; period_days: number; end_at: string | null }>`
      select i.contentsid, l.title, i.price, l.period_days, e.end_at
      from payment_items i join lectures l on l.contentsid = i.contentsid
      left join enrollments e on e.useruid = ${p.useruid} and e.contentsid = i.contentsid and e.paymentid = i.paymentid
      where i.paymentid = ${p.paymentid} order by i.contentsid`,
  );
  const facts: PaymentConfirmedFacts = {
    paymentid: p.paymentid,
    title: p.title,
    priceTotal: p.price_total,
    couponDiscount: p.coupon_discount,
    pointUsed: p.point_used,
    amount: p.amount,
    payMethod: p.pay_method,
    paidMethod: p.paid_method,
    installmentMonth: p.installment_month,
    paidAt: p.paid_at ?? kst(),
    receiptUrl: p.receipt_url ?? null,
    lectures: lectures.map((l) => ({ contentsid: l.contentsid, title: l.title, price: l.price, periodDays: l.period_days, endAt: l.end_at })),
  };
  await queueMail(tx, { kind: 'payment-confirmed', key: String(p.paymentid), useruid: p.useruid, data: facts });
}

/** A finished refund, once per refund. */
export async function queueRefundFinished(tx: Db, refund: RefundRow, order: PaymentRow): Promise<void> {
  const ids = refund.contentsids.split(',').map(Number).filter(Number.isInteger);
  const titles = ids.length
    ? await all(tx, sql<{ title: string }>`select title from lectures where contentsid in (${sql.join(ids)}) order by contentsid`)
    : [];
  const facts: RefundFinishedFacts = {
    paymentid: order.paymentid,
    refundid: refund.refundid,
    title: order.title,
    amount: refund.amount,
    whole: refund.whole,
    payMethod: order.pay_method,
    paidMethod: order.paid_method,
    pointsRestored: refund.points_restored,
    pointsTakenBack: refund.points_taken_back,
    lectures: titles.map((t) => t.title),
    doneAt: refund.done_at ?? kst(),
  };
  await queueMail(tx, { kind: 'refund-finished', key: String(refund.refundid), useruid: refund.useruid, data: facts });
}

/**
 * Certificates inserted by `insert` (an `insert into certificates ... on conflict do nothing`, without `returning`),
 * each with its mail in the same statement: certificates are issued on first need, from reads that run outside any
 * transaction, and a certificate without its mail (or the other way round) must not be possible.
 */
export const issueWithMail = (insert: RawBuilder<unknown>) => {
  const now = kst();
  return sql`with issued as (${insert} returning certificateno, useruid, contentsid, issued_at)
    insert into mail_outbox (event_key, kind, useruid, data, created_at, updated_at)
    select 'certificate-issued:' || i.certificateno, 'certificate-issued', i.useruid,
      json_build_object('certificateno', i.certificateno, 'contentsid', i.contentsid, 'title', l.title, 'issuedAt', i.issued_at)::text,
      ${now}, ${now}
    from issued i join lectures l on l.contentsid = i.contentsid
    on conflict (event_key) do nothing`;
};

/**
 * A question answered in the console (issue 39), once per question: the key is the question, so a change of the
 * answer later tells the member nothing twice.
 */
export async function queueQnaAnswered(tx: Db, useruid: string, facts: QnaAnsweredFacts): Promise<void> {
  await queueMail(tx, { kind: 'qna-answered', key: String(facts.qnaid), useruid, data: facts });
}

/** A suggestion marked 답변완료 in the console, once per suggestion (reopened and closed again, it is not re-sent). */
export async function queueSuggestReplied(tx: Db, useruid: string, facts: SuggestRepliedFacts): Promise<void> {
  await queueMail(tx, { kind: 'suggest-replied', key: String(facts.suggestid), useruid, data: facts });
}
