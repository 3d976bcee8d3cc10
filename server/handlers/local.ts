import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import type { Db } from '../db/database';
import type { LocalPaymentRow, MemberRow } from '../db/rows';
import { all, one } from '../db/query';
import { iso, kst } from '../lib/time';
import { fail } from '../lib/failure';
import { ok, type Handlers, type Reply } from '../openapi/typed';
import { writes, uncachedRead, type CacheTable } from '../openapi/cacheTags';
import { MEMBER_TABLES } from '../domain/member';

type LocalPayStatus = components['schemas']['LocalPayStatus'];

const DEMO_MEMBERS: Record<string, string> = {
  'u-demo-1': '수강 중인 클래스, 포인트, 수료증, 장바구니가 있는 데모 회원',
  'u-demo-2': '가입만 한 새 회원',
  'u-demo-3': '휴대폰 번호가 없는 회원 (휴대폰 확인 흐름)',
  'u-demo-4': '대표 운영자: 관리자 콘솔 전체와 운영진 관리',
  'u-demo-5': '운영자: 관리자 콘솔 (운영진 관리 제외)',
  'u-demo-6': '강사: 한리포머 강사의 클래스와 Q&A만',
};

const toTx = (t: LocalPaymentRow): components['schemas']['LocalPayTransaction'] => ({
  pgtid: t.txid,
  status: t.status,
  amount: t.amount,
  paymentid: Number(t.merchant_uid),
  method: t.method,
  installmentMonth: t.installment_month,
  regdate: iso(t.created_at),
});

const TRANSITION_MESSAGE = {
  approved: '결제가 승인되었습니다.',
  declined: '카드 결제가 거절되었습니다.',
  cancelled: '결제가 취소되었습니다.',
};

/** Approve, decline and cancel answer alike (LocalPayTransactionEnvelope). */
async function transition(
  db: Db,
  pgtid: string,
  to: keyof typeof TRANSITION_MESSAGE,
  from: LocalPayStatus[],
): Promise<Reply<'approveLocalPayTransaction'>> {
  // One transaction: the card's new state and the order it ends change together.
  const u = await db.transaction().execute(async (tx) => {
    const t = await one(tx, sql<LocalPaymentRow>`select * from local_payments where txid = ${pgtid} for update`);
    if (!t) return fail(404, '결제 거래를 찾을 수 없습니다.');
    if (!from.includes(t.status) || (to === 'cancelled' && t.consumed_at))
      return fail(409, `현재 상태(${t.status})에서는 처리할 수 없는 요청입니다.`);
    // A declined or cancelled card ends its open order, which releases the coupon and points it held.
    if (to !== 'approved') {
      await sql`update payments set status = ${to === 'declined' ? 'failed' : 'cancelled'}, cancelled_at = ${kst()}
        where paymentid = ${Number(t.merchant_uid)} and status = 'ready'`.execute(tx);
    }
    return one(tx, sql<LocalPaymentRow>`update local_payments set status = ${to} where txid = ${pgtid} returning *`);
  });
  return ok(toTx(u!), TRANSITION_MESSAGE[to]);
}

/** The `/local/*` stand-ins of local mode: demo sign-in (for Supabase Auth) and a card provider (for PortOne). */
export const local = {
  async getLocalMembers({ s }) {
    const rows = await all(
      s.db,
      sql<MemberRow>`select * from members where left_at is null and useruid like 'u-demo-%' order by useruid`,
    );
    return ok(
      rows.map((m) => ({
        useruid: m.useruid,
        email: m.email,
        name: m.name,
        description: DEMO_MEMBERS[m.useruid] ?? '데모 회원',
      })),
    );
  },
  async localSignIn({ s, body }) {
    const m = await one(s.db, sql<MemberRow>`select * from members where email = ${body.email} and left_at is null`);
    if (!m) return fail(404, '해당 이메일의 데모 회원이 없습니다.');
    // Not routed outside local mode (server/app.ts); the check only tells the types which auth this is.
    if (s.auth.kind !== 'local') return fail(404, '해당 이메일의 데모 회원이 없습니다.');
    const tokens = await s.auth.issue({ useruid: m.useruid, email: m.email, name: m.name });
    return ok({
      ...tokens,
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
      email: m.email,
      useruid: m.useruid,
      username: m.name,
    });
  },

  async createLocalPayTransaction({ s, body }) {
    if (!(await one(s.db, sql`select 1 from payments where paymentid = ${body.paymentid}`)))
      return fail(404, '결제 정보를 찾을 수 없습니다.');
    const pgtid = `LPT-${kst().slice(0, 10).replace(/-/g, '')}-${randomBytes(4).toString('hex')}`;
    await sql`insert into local_payments (txid, merchant_uid, amount, status, created_at, method, installment_month)
      values (${pgtid}, ${String(body.paymentid)}, ${body.amount}, 'pending', ${kst()}, ${body.method},
        ${body.installmentMonth ?? 0})`.execute(s.db);
    return ok({ pgtid, status: 'pending' });
  },
  async getLocalPayTransaction({ s, params }) {
    const t = await one(s.db, sql<LocalPaymentRow>`select * from local_payments where txid = ${params.pgtid}`);
    if (!t) return fail(404, '결제 거래를 찾을 수 없습니다.');
    return ok(toTx(t));
  },
  approveLocalPayTransaction: ({ s, params }) => transition(s.db, params.pgtid, 'approved', ['pending']),
  declineLocalPayTransaction: ({ s, params }) => transition(s.db, params.pgtid, 'declined', ['pending']),
  cancelLocalPayTransaction: ({ s, params }) => transition(s.db, params.pgtid, 'cancelled', ['pending', 'approved']),
} satisfies Partial<Handlers>;

/** What each operation reads or writes, for the catalogue cache (server/openapi/cacheTags.ts). */
export const localCache = {
  getLocalMembers: uncachedRead,
  localSignIn: writes(MEMBER_TABLES),
  createLocalPayTransaction: writes(['local_payments']),
  getLocalPayTransaction: uncachedRead,
  approveLocalPayTransaction: writes(['local_payments', 'payments']),
  declineLocalPayTransaction: writes(['local_payments', 'payments']),
  cancelLocalPayTransaction: writes(['local_payments', 'payments']),
} satisfies CacheTable<typeof local>;
