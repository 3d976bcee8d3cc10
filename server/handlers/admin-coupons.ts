import Papa from 'papaparse';
import { recordAudit } from '../domain/audit';
import {
  campaignCodes,
  campaignEntry,
  campaignPage,
  createCampaign,
  issueCampaign,
  stopCampaign,
  type CampaignListRow,
} from '../domain/couponCampaigns';
import type { CouponCampaignRow } from '../db/rows';
import { pageOf } from '../domain/paging';
import { iso, isoOrNull } from '../lib/time';
import { ok, type Handlers } from '../openapi/typed';
import { uncachedRead, writes, type CacheTable } from '../openapi/cacheTags';
import { won } from '../lib/won';

/** A campaign as the console shows it: its terms in the contract's words and its figures. */
const toAdminCampaign = (r: CampaignListRow) => ({
  campaignid: r.campaignid,
  name: r.name,
  kind: r.kind,
  discounttype: r.discount_rate ? ('percent' as const) : ('fixed' as const),
  discountvalue: r.discount_rate || r.discount_amount,
  maxdiscount: r.max_discount,
  minprice: r.min_amount,
  validfrom: r.valid_from.slice(0, 10),
  validuntil: r.valid_until.slice(0, 10),
  contentsids: r.contentsids,
  categoryids: r.categoryids,
  createdat: iso(r.created_at),
  createdby: r.created_by_name ?? r.created_by,
  stoppedat: isoOrNull(r.stopped_at),
  issued: r.issued,
  used: r.used,
  discount: r.discount,
  refunded: r.refunded,
});

/** What the audit trail keeps of a campaign's terms. */
const auditedTerms = (c: CouponCampaignRow) => ({
  name: c.name,
  kind: c.kind,
  discountAmount: c.discount_amount,
  discountRate: c.discount_rate,
  maxDiscount: c.max_discount,
  minAmount: c.min_amount,
  validFrom: c.valid_from,
  validUntil: c.valid_until,
  contentsids: c.contentsids,
  categoryids: c.categoryids,
});

const discountText = (c: CouponCampaignRow) =>
  c.discount_rate ? `${c.discount_rate}% (최대 ${won(c.max_discount ?? 0)})` : won(c.discount_amount);

/** The console's coupon campaigns (issue 39): terms, codes or wallets, figures, the stop and the codes' CSV. */
export const adminCoupons = {
  async listAdminCouponCampaigns({ s, body }) {
    const { rows, total, p } = await campaignPage(s.db, body);
    return ok(pageOf(rows.map(toAdminCampaign), total, p));
  },
  async createAdminCouponCampaign(ctx) {
    return ctx.s.db.transaction().execute(async (tx) => {
      const { campaign, created } = await createCampaign(
        tx,
        ctx.body,
        ctx.staff!.useruid,
        ctx.req.headers.get('idempotency-key'),
      );
      const entry = (await campaignEntry(tx, campaign.campaignid))!;
      // A doubled request answers the first campaign: nothing created, nothing more to record.
      if (created)
        await recordAudit(tx, ctx, {
          operation: 'createAdminCouponCampaign',
          objectType: 'couponCampaign',
          objectId: campaign.campaignid,
          after: { ...auditedTerms(campaign), issued: entry.issued },
        });
      const said = campaign.kind === 'codes' ? `쿠폰 코드 ${entry.issued.toLocaleString('ko-KR')}개를 만들었습니다.` : '캠페인을 만들었습니다.';
      return ok(toAdminCampaign(entry), created ? said : '이미 만든 캠페인입니다.');
    });
  },
  async issueAdminCouponCampaign(ctx) {
    return ctx.s.db.transaction().execute(async (tx) => {
      const { lines, issued, campaign } = await issueCampaign(tx, ctx.params.campaignid, ctx.body.emails);
      if (issued.length)
        await recordAudit(tx, ctx, {
          operation: 'issueAdminCouponCampaign',
          objectType: 'couponCampaign',
          objectId: campaign.campaignid,
          after: { issued: issued.length, members: issued },
        });
      return ok({ issued: issued.length, lines }, `${issued.length.toLocaleString('ko-KR')}명에게 발급했습니다.`);
    });
  },
  async stopAdminCouponCampaign(ctx) {
    return ctx.s.db.transaction().execute(async (tx) => {
      const { campaign, stopped } = await stopCampaign(tx, ctx.params.campaignid, ctx.staff!.useruid);
      if (stopped)
        await recordAudit(tx, ctx, {
          operation: 'stopAdminCouponCampaign',
          objectType: 'couponCampaign',
          objectId: campaign.campaignid,
          before: { stoppedAt: null },
          after: { stopped: true },
        });
      return ok(toAdminCampaign((await campaignEntry(tx, campaign.campaignid))!), stopped ? '캠페인을 중지했습니다.' : '이미 중지된 캠페인입니다.');
    });
  },
  async exportAdminCouponCodes(ctx) {
    return ctx.s.db.transaction().execute(async (tx) => {
      const { campaign: c, codes } = await campaignCodes(tx, ctx.params.campaignid);
      const state = (r: { used_by: string | null }) => (r.used_by ? '사용 완료' : c.stopped_at ? '중지' : '사용 가능');
      // escapeFormulae prefixes ' to a cell beginning with = + - @, a tab or a CR: a spreadsheet shows it, never runs it.
      const csv = Papa.unparse(
        {
          fields: ['쿠폰번호', '캠페인', '할인', '최소 주문금액', '사용 시작', '사용 종료', '상태', '사용일시'],
          data: codes.map((r) => [
            r.couponnumber,
            c.name,
            discountText(c),
            won(c.min_amount),
            c.valid_from.slice(0, 10),
            c.valid_until.slice(0, 10),
            state(r),
            r.used_at ?? '',
          ]),
        },
        { escapeFormulae: true },
      );
      await recordAudit(tx, ctx, {
        operation: 'exportAdminCouponCodes',
        objectType: 'couponCampaign',
        objectId: c.campaignid,
        after: { exported: codes.length },
      });
      return new Response(`\uFEFF${csv}\r\n`, {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="coupon-codes-${c.campaignid}.csv"`,
          'Cache-Control': 'no-store',
        },
      });
    });
  },
} satisfies Partial<Handlers>;

export const adminCouponsCache = {
  listAdminCouponCampaigns: uncachedRead,
  createAdminCouponCampaign: writes(['coupon_campaigns', 'coupons', 'audit_log']),
  issueAdminCouponCampaign: writes(['coupons', 'audit_log']),
  stopAdminCouponCampaign: writes(['coupon_campaigns', 'audit_log']),
  exportAdminCouponCodes: writes(['audit_log']),
} satisfies CacheTable<typeof adminCoupons>;
