import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import type { Db } from '../db/database';
import type { CouponCampaignRow } from '../db/rows';
import { all, one, containsPattern } from '../db/query';
import { fail } from '../lib/failure';
import { kst } from '../lib/time';
import { page as pageOfRequest } from './paging';

/**
 * Coupon campaigns of the console (issue 39): the terms staff set once, and the coupons they issue. Every issued
 * coupon is a row of `coupons` carrying the campaign's terms, so the member's wallet, GetCouponInfo and checkout
 * (server/domain/coupons.ts, orders.ts) apply it by the code path every coupon takes.
 */

type Draft = components['schemas']['AdminCouponCampaignDraft'];

export const NO_CAMPAIGN = '쿠폰 캠페인을 찾을 수 없습니다.';
const PERCENT_RANGE = '할인율은 1~100% 사이로 적어주세요.';
const CAP_NEEDED = '정률 할인에는 최대 할인 금액을 적어주세요.';
const CAP_ON_FIXED = '최대 할인 금액은 정률 할인에만 둘 수 있습니다.';
const DAYS_REVERSED = '사용 기간의 마지막 날이 시작일보다 빠릅니다.';
const DAYS_PAST = '이미 지난 사용 기간입니다.';
const BAD_DAY = '날짜를 확인해주세요.';
const COUNT_NEEDED = '만들 쿠폰 수를 적어주세요.';
const NO_SUCH_SCOPE = '없는 강의나 카테고리가 있습니다.';
const KEY_REUSED = '같은 요청 키로 다른 캠페인이 이미 만들어졌습니다. 화면을 새로 고친 뒤 다시 해주세요.';
export const CODES_NOT_ISSUED = '코드를 나눠주는 캠페인은 회원에게 발급할 수 없습니다.';
export const CAMPAIGN_STOPPED = '중지된 캠페인입니다.';
export const CAMPAIGN_OVER = '사용 기간이 지난 캠페인입니다.';
export const NO_EMAILS = '이메일을 한 줄에 하나씩 적어주세요.';
export const NO_CODES = '회원 발급 캠페인에는 내려받을 코드가 없습니다.';

/**
 * Codes are 12 characters of 31 (no 0/O, 1/I/L, which read alike when typed from paper): 31^12 ≈ 7.9·10^17, so
 * guessing one among even a million issued takes ~10^11 tries, against GetCouponInfo's 10 a minute.
 */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 12;
export const newCode = () => Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** A campaign with its creator's name and its usage figures, as the console lists it. */
export type CampaignListRow = CouponCampaignRow & {
  created_by_name: string | null;
  issued: number;
  used: number;
  discount: number;
  refunded: number;
  total: number;
};

/**
 * Figures per campaign: `used` and `discount` count orders paid with one of its coupons that were not wholly refunded
 * (a whole refund gives the coupon back: rules/refund.ts); `refunded` counts those wholly refunded.
 */
const LISTED = sql`select k.*, s.name as created_by_name,
    (select count(*) from coupons c where c.campaignid = k.campaignid)::int as issued,
    coalesce(f.used, 0)::int as used, coalesce(f.discount, 0)::int as discount, coalesce(f.refunded, 0)::int as refunded,
    count(*) over ()::int as total
  from coupon_campaigns k left join members s on s.useruid = k.created_by
  left join lateral (
    select count(*) filter (where p.status in ('paid', 'partially_refunded')) as used,
      sum(p.coupon_discount) filter (where p.status in ('paid', 'partially_refunded')) as discount,
      count(*) filter (where p.status = 'refunded') as refunded
    from coupons c join payments p on p.couponnumber = c.couponnumber where c.campaignid = k.campaignid
  ) f on true`;

export async function campaignPage(db: Db, body: { page: number; pageSize: number; q?: string; state?: string }) {
  const p = pageOfRequest(body);
  const q = body.q?.trim() ?? '';
  const like = containsPattern(q);
  const state = body.state ?? 'all';
  const where = sql`(${!q} or k.name ilike ${like})
    and (${state} = 'all' or (${state} = 'active' and k.stopped_at is null) or (${state} = 'stopped' and k.stopped_at is not null))`;
  const rows = await all(
    db,
    sql<CampaignListRow>`${LISTED} where ${where} order by k.campaignid desc limit ${p.pageSize} offset ${p.offset}`,
  );
  const total =
    rows[0]?.total ??
    (p.offset > 0
      ? (await one(db, sql<{ n: number }>`select count(*)::int as n from coupon_campaigns k where ${where}`))!.n
      : 0);
  return { rows, total, p };
}

export async function campaignEntry(db: Db, campaignid: number): Promise<CampaignListRow | undefined> {
  return one(db, sql<CampaignListRow>`${LISTED} where k.campaignid = ${campaignid}`);
}

/** The campaign's row, held against a stop (`share`) or for one (`update`) to the end of the transaction. */
export async function lockedCampaign(tx: Db, campaignid: number, mode: 'share' | 'update') {
  const c = await one(
    tx,
    sql<CouponCampaignRow>`select * from coupon_campaigns where campaignid = ${campaignid} ${mode === 'share' ? sql`for share` : sql`for update`}`,
  );
  return c ?? fail(404, NO_CAMPAIGN);
}

const isDay = (d: string) => {
  const t = new Date(`${d}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d;
};

/** The draft's terms as stored, after the rules the schema cannot say; 400 in Korean otherwise. */
function termsOf(d: Draft) {
  const percent = d.discounttype === 'percent';
  if (percent && d.discountvalue > 100) return fail(400, PERCENT_RANGE);
  if (percent && d.maxdiscount == null) return fail(400, CAP_NEEDED);
  if (!percent && d.maxdiscount != null) return fail(400, CAP_ON_FIXED);
  if (!isDay(d.validfrom) || !isDay(d.validuntil)) return fail(400, BAD_DAY);
  if (d.validuntil < d.validfrom) return fail(400, DAYS_REVERSED);
  if (d.validuntil < kst().slice(0, 10)) return fail(400, DAYS_PAST);
  if (d.kind === 'codes' && !d.count) return fail(400, COUNT_NEEDED);
  return {
    name: d.name.trim(),
    kind: d.kind,
    discount_amount: percent ? 0 : d.discountvalue,
    discount_rate: percent ? d.discountvalue : 0,
    max_discount: percent ? d.maxdiscount! : null,
    min_amount: d.minprice,
    valid_from: `${d.validfrom} 00:00:00`,
    valid_until: `${d.validuntil} 23:59:59`,
    contentsids: [...d.contentsids].sort((a, b) => a - b),
    categoryids: [...d.categoryids].sort((a, b) => a - b),
  };
}
type Terms = ReturnType<typeof termsOf>;

const sameTerms = (t: Terms, c: CouponCampaignRow) =>
  t.name === c.name &&
  t.kind === c.kind &&
  t.discount_amount === c.discount_amount &&
  t.discount_rate === c.discount_rate &&
  t.max_discount === c.max_discount &&
  t.min_amount === c.min_amount &&
  t.valid_from === c.valid_from &&
  t.valid_until === c.valid_until &&
  t.contentsids.join() === c.contentsids.join() &&
  t.categoryids.join() === c.categoryids.join();

async function checkScope(tx: Db, t: Terms) {
  const known = async (table: 'lectures' | 'categories', column: string, ids: number[]) =>
    !ids.length ||
    (await one(tx, sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${sql.ref(column)} in (${sql.join(ids)})`))!
      .n === ids.length;
  if (!(await known('lectures', 'contentsid', t.contentsids)) || !(await known('categories', 'categoryid', t.categoryids)))
    return fail(400, NO_SUCH_SCOPE);
}

/** The coupon rows a campaign issues: its terms on each, with a fresh code. */
const couponRows = (c: CouponCampaignRow, owners: (string | null)[]) =>
  owners.map((owner) => ({
    couponnumber: newCode(),
    title: c.name,
    discount_amount: c.discount_amount,
    discount_rate: c.discount_rate,
    min_amount: c.min_amount,
    expires_at: c.valid_until,
    valid_from: c.valid_from,
    max_discount: c.max_discount,
    per_member: false,
    owner,
    campaignid: c.campaignid,
    used_by: null,
    used_at: null,
  }));

const CHUNK = 1000;

/** Makes `count` codes of a code campaign; a code drawn twice (any case: the codes_any_case index) is drawn again. */
async function makeCodes(tx: Db, c: CouponCampaignRow, count: number) {
  let left = count;
  for (let round = 0; left > 0 && round < 10; round++) {
    for (let done = 0; done < left; ) {
      const n = Math.min(CHUNK, left - done);
      const made = await tx
        .insertInto('coupons')
        .values(couponRows(c, Array.from({ length: n }, () => null)))
        .onConflict((oc) => oc.doNothing())
        .returning('couponnumber')
        .execute();
      done += n;
      left -= made.length;
    }
  }
  if (left > 0) throw new Error(`coupon campaign ${c.campaignid}: ${left} codes could not be drawn`);
}

/**
 * Creates a campaign (and a code campaign's codes) in `tx`. A key this staff member sent before answers that
 * campaign, created or not by this call: the unique (created_by, idempotency_key) makes a second insert wait for the
 * first's transaction and then do nothing, so two requests at once create one campaign.
 */
export async function createCampaign(tx: Db, d: Draft, staff: string, key: string | null) {
  const t = termsOf(d);
  const earlier = async () => {
    const c = await one(
      tx,
      sql<CouponCampaignRow>`select * from coupon_campaigns where created_by = ${staff} and idempotency_key = ${key}`,
    );
    if (c && !sameTerms(t, c)) return fail(409, KEY_REUSED);
    return c;
  };
  if (key) {
    const c = await earlier();
    if (c) return { campaign: c, created: false };
  }
  await checkScope(tx, t);
  const c = await one(
    tx,
    sql<CouponCampaignRow>`insert into coupon_campaigns (name, kind, discount_amount, discount_rate, max_discount, min_amount,
        valid_from, valid_until, contentsids, categoryids, created_by, created_at, idempotency_key)
      values (${t.name}, ${t.kind}, ${t.discount_amount}, ${t.discount_rate}, ${t.max_discount}, ${t.min_amount},
        ${t.valid_from}, ${t.valid_until}, ${t.contentsids}::int[], ${t.categoryids}::int[], ${staff}, ${kst()}, ${key})
      on conflict (created_by, idempotency_key) do nothing returning *`,
  );
  if (!c) return { campaign: (await earlier())!, created: false };
  if (c.kind === 'codes') await makeCodes(tx, c, d.count!);
  return { campaign: c, created: true };
}

type IssueLine = components['schemas']['AdminCouponIssueLine'];
const SAID: Record<IssueLine['outcome'], string> = {
  issued: '발급했습니다.',
  already: '이미 발급된 회원입니다.',
  unknown: '가입한 회원이 없는 이메일입니다.',
  withdrawn: '탈퇴한 회원입니다.',
  invalid: '이메일 형식이 아닙니다.',
  duplicate: '목록에 이미 있는 이메일입니다.',
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Issues the campaign's coupon into each listed member's wallet, once per member: coupon_campaign_members' key makes a
 * second issue (this list again, or another request at the same moment) do nothing for that member.
 * Unknown and withdrawn e-mails are reported, never created. The campaign row is held against a stop meanwhile.
 */
export async function issueCampaign(tx: Db, campaignid: number, emails: readonly string[]) {
  const c = await lockedCampaign(tx, campaignid, 'share');
  if (c.kind !== 'members') return fail(409, CODES_NOT_ISSUED);
  if (c.stopped_at) return fail(409, CAMPAIGN_STOPPED);
  if (c.valid_until < kst()) return fail(409, CAMPAIGN_OVER);
  const listed = emails.map((raw, i) => ({ line: i + 1, email: raw.trim() })).filter((l) => l.email);
  if (!listed.length) return fail(400, NO_EMAILS);
  const wanted = [...new Set(listed.filter((l) => EMAIL.test(l.email)).map((l) => l.email.toLowerCase()))];
  // A member who left keeps a `left-<time>-` prefix on their e-mail (handlers/account.ts): it names nobody, but says
  // that the address once did.
  const found = wanted.length
    ? await all(
        tx,
        sql<{ useruid: string; email: string; left: boolean }>`select useruid, lower(email) as email, false as left from members
          where lower(email) in (${sql.join(wanted)}) and left_at is null
        union all
        select useruid, regexp_replace(lower(email), '^left-[0-9]+-', '') as email, true as left from members
          where left_at is not null and regexp_replace(lower(email), '^left-[0-9]+-', '') in (${sql.join(wanted)})`,
      )
    : [];
  const active = new Map(found.filter((m) => !m.left).map((m) => [m.email, m.useruid]));
  const left = new Set(found.filter((m) => m.left).map((m) => m.email));
  const owners = [...new Set(active.values())];
  const claimed = owners.length
    ? await all(
        tx,
        sql<{ useruid: string }>`insert into coupon_campaign_members (campaignid, useruid, issued_at)
          select ${campaignid}, u, ${kst()} from unnest(${owners}::text[]) u on conflict do nothing returning useruid`,
      )
    : [];
  const fresh = new Set(claimed.map((r) => r.useruid));
  // A code drawn twice (the primary key, any case) skips its row: the member's coupon is drawn again.
  let missing = [...fresh];
  for (let round = 0; missing.length && round < 10; round++) {
    const made = await tx.insertInto('coupons').values(couponRows(c, missing)).onConflict((oc) => oc.doNothing()).returning('owner').execute();
    const got = new Set(made.map((r) => r.owner as string));
    missing = missing.filter((m) => !got.has(m));
  }
  if (missing.length) throw new Error(`coupon campaign ${campaignid}: no free code for ${missing.length} members`);
  const seen = new Set<string>();
  const lines = listed.map(({ line, email }): IssueLine => {
    const key = email.toLowerCase();
    const outcome: IssueLine['outcome'] = !EMAIL.test(email)
      ? 'invalid'
      : seen.has(key)
        ? 'duplicate'
        : active.has(key)
          ? fresh.has(active.get(key)!)
            ? 'issued'
            : 'already'
          : left.has(key)
            ? 'withdrawn'
            : 'unknown';
    seen.add(key);
    return { line, email, outcome, message: SAID[outcome] };
  });
  return { lines, issued: [...fresh], campaign: c };
}

/** Stops the campaign; a stopped one answers as it is (`stopped: false`), so a doubled stop records one stop. */
export async function stopCampaign(tx: Db, campaignid: number, staff: string) {
  const c = await lockedCampaign(tx, campaignid, 'update');
  if (c.stopped_at) return { campaign: c, stopped: false };
  await sql`update coupon_campaigns set stopped_at = ${kst()}, stopped_by = ${staff} where campaignid = ${campaignid}`.execute(tx);
  return { campaign: c, stopped: true };
}

export interface CodeRow {
  couponnumber: string;
  used_by: string | null;
  used_at: string | null;
}

/** A code campaign's codes, in code order. */
export async function campaignCodes(db: Db, campaignid: number) {
  const c = await one(db, sql<CouponCampaignRow>`select * from coupon_campaigns where campaignid = ${campaignid}`);
  if (!c) return fail(404, NO_CAMPAIGN);
  if (c.kind !== 'codes') return fail(409, NO_CODES);
  const codes = await all(
    db,
    sql<CodeRow>`select couponnumber, used_by, used_at from coupons where campaignid = ${campaignid} order by couponnumber`,
  );
  return { campaign: c, codes };
}
