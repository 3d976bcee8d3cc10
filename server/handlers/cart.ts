import { sql } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import type { Db } from '../db/database';
import type { CartRow } from '../db/rows';
import { one } from '../db/query';
import { iso, kst } from '../lib/time';
import { fail } from '../lib/failure';
import { ownUser } from '../domain/access';
import { lectureOr404, lecturesBeside } from '../domain/lectures';
import { ok, type OpCtx, type Reply, type Handlers } from '../openapi/typed';
import { ownsClassNow } from '../domain/ownership';
import { writes, type CacheTable } from '../openapi/cacheTags';

type CartActionType = components['schemas']['CartActionType'];

async function cartResult(
  db: Db,
  me: string,
  action: CartActionType,
  contentsid: number,
): Promise<components['schemas']['CartResult']> {
  // The cart's rows and their lecture records in one statement, in the order the cart was filled.
  const rows = await lecturesBeside<Pick<CartRow, 'contentsid' | 'optionvalue' | 'created_at'>>(
    db,
    sql`select contentsid, optionvalue, created_at from carts where useruid = ${me}`,
    sql`x.created_at, x.contentsid`,
  );
  const items = rows.map(({ lecture: l, beside: r }, i) => ({
    cartid: i + 1,
    itemtype: l.itemtype,
    contentsid: r.contentsid,
    optionvalue: r.optionvalue || null,
    optionname: r.optionvalue ? `${r.optionvalue}일 수강권` : null,
    price: l.price,
    saleprice: l.saleprice,
    period: l.period,
    regdate: iso(r.created_at),
    lecture: l,
  }));
  return {
    action,
    count: items.length,
    exists: items.some((i) => i.contentsid === contentsid),
    items,
    totalprice: items.reduce((a, i) => a + i.price, 0),
    totalsaleprice: items.reduce((a, i) => a + i.saleprice, 0),
  };
}

/** Cart/{type}/{itemtype}/{useruid}/{contentsid}[/{optionvalue}]: one action, with or without a period option. */
async function cartAction(ctx: OpCtx<'cartAction'> | OpCtx<'cartActionWithOption'>): Promise<Reply<'cartAction'>> {
  const { type, useruid, contentsid, itemtype } = ctx.params;
  const optionvalue = 'optionvalue' in ctx.params ? ctx.params.optionvalue : '';
  const me = ownUser(ctx, useruid);
  const db = ctx.s.db;
  if (type === 'add') {
    if (contentsid === 0) return fail(400, '담을 강의를 선택해주세요.');
    await lectureOr404(db, contentsid);
    if (await ownsClassNow(db, me, contentsid)) return fail(409, '이미 수강 중인 강의입니다.');
    if (await one(db, sql`select 1 from carts where useruid = ${me} and contentsid = ${contentsid}`))
      return fail(409, '이미 장바구니에 담긴 강의입니다.');
    await sql`insert into carts (useruid, contentsid, itemtype, optionvalue, created_at)
      values (${me}, ${contentsid}, ${itemtype}, ${optionvalue}, ${kst()})`.execute(db);
    return ok(await cartResult(db, me, type, contentsid), '장바구니에 담았습니다.');
  }
  if (type === 'remove') {
    // contentsid 0 empties the cart (after a whole payment).
    const r =
      contentsid === 0
        ? await sql`delete from carts where useruid = ${me}`.execute(db)
        : await sql`delete from carts where useruid = ${me} and contentsid = ${contentsid}`.execute(db);
    if (contentsid !== 0 && !Number(r.numAffectedRows ?? 0)) return fail(404, '장바구니에 없는 강의입니다.');
    return ok(await cartResult(db, me, type, contentsid), '장바구니에서 삭제했습니다.');
  }
  return ok(await cartResult(db, me, type, contentsid));
}

/** The member's cart. */
export const cart = {
  cartAction,
  cartActionWithOption: cartAction,
} satisfies Partial<Handlers>;

/** What each operation reads or writes, for the catalogue cache (server/openapi/cacheTags.ts). */
export const cartCache = {
  cartAction: writes(['carts']),
  cartActionWithOption: writes(['carts']),
} satisfies CacheTable<typeof cart>;
