import { z } from 'zod';
import type { AdminCouponCampaignDraft } from '../../../api/queries/admin-coupons';

/** The campaign form as it holds its fields: text, as typed, and the choices. */
export interface CampaignFormValues {
  name: string;
  discounttype: 'fixed' | 'percent';
  /** 할인 금액 (fixed) or 할인율 (percent). */
  discountvalue: string;
  maxdiscount: string;
  minprice: string;
  validfrom: string;
  validuntil: string;
  scope: 'all' | 'some';
  /** Class numbers, as typed: commas or spaces between them. */
  contentsids: string;
  categoryids: string;
  kind: 'members' | 'codes';
  count: string;
}

/** The server's limits (the yaml's AdminCouponCampaignDraft). */
const MAX_WON = 10_000_000;
const MAX_CODES = 10_000;

export const COUPON_MESSAGES = {
  name: '쿠폰 이름을 적어주세요. 회원의 내 쿠폰과 결제 화면에 보입니다.',
  nameTooLong: '쿠폰 이름은 60자까지 적을 수 있습니다.',
  amount: `할인 금액을 1원부터 ${MAX_WON.toLocaleString('ko-KR')}원 사이의 정수로 적어주세요.`,
  percent: '할인율은 1~100% 사이로 적어주세요.',
  cap: '정률 할인에는 최대 할인 금액(1원 이상)을 적어주세요.',
  minprice: '최소 주문금액을 0원 이상의 정수로 적어주세요.',
  day: '날짜를 골라주세요.',
  daysReversed: '사용 기간의 마지막 날이 시작일보다 빠릅니다.',
  scope: '적용할 강의 번호나 카테고리 번호를 하나 이상 적어주세요.',
  ids: '번호는 숫자로, 쉼표로 나눠 적어주세요.',
  count: `만들 쿠폰 수를 1~${MAX_CODES.toLocaleString('ko-KR')}개 사이로 적어주세요.`,
} as const;

const digits = (s: string) => s.replace(/[,\s원%]/g, '');
const whole = (s: string) => /^\d+$/.test(digits(s));
const positive = (s: string) => /^[1-9]\d*$/.test(digits(s));
const idList = (s: string) =>
  s
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
const idsOk = (s: string) => s.split(/[\s,]+/).filter(Boolean).every((x) => /^[1-9]\d{0,9}$/.test(x));
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const schema = z
  .object({
    name: z.string().trim().min(1, COUPON_MESSAGES.name).max(60, COUPON_MESSAGES.nameTooLong),
    discounttype: z.enum(['fixed', 'percent']),
    discountvalue: z.string(),
    maxdiscount: z.string(),
    minprice: z.string().refine((s) => whole(s) && Number(digits(s)) <= 100_000_000, COUPON_MESSAGES.minprice),
    validfrom: z.string().regex(DAY, COUPON_MESSAGES.day),
    validuntil: z.string().regex(DAY, COUPON_MESSAGES.day),
    scope: z.enum(['all', 'some']),
    contentsids: z.string().refine(idsOk, COUPON_MESSAGES.ids),
    categoryids: z.string().refine(idsOk, COUPON_MESSAGES.ids),
    kind: z.enum(['members', 'codes']),
    count: z.string(),
  })
  .superRefine((v, ctx) => {
    const percent = v.discounttype === 'percent';
    const value = Number(digits(v.discountvalue));
    if (!positive(v.discountvalue) || value > (percent ? 100 : MAX_WON))
      ctx.addIssue({ code: 'custom', path: ['discountvalue'], message: percent ? COUPON_MESSAGES.percent : COUPON_MESSAGES.amount });
    if (percent && (!positive(v.maxdiscount) || Number(digits(v.maxdiscount)) > MAX_WON))
      ctx.addIssue({ code: 'custom', path: ['maxdiscount'], message: COUPON_MESSAGES.cap });
    if (DAY.test(v.validfrom) && DAY.test(v.validuntil) && v.validuntil < v.validfrom)
      ctx.addIssue({ code: 'custom', path: ['validuntil'], message: COUPON_MESSAGES.daysReversed });
    if (v.scope === 'some' && !idList(v.contentsids).length && !idList(v.categoryids).length)
      ctx.addIssue({ code: 'custom', path: ['contentsids'], message: COUPON_MESSAGES.scope });
    if (v.kind === 'codes' && (!positive(v.count) || Number(digits(v.count)) > MAX_CODES))
      ctx.addIssue({ code: 'custom', path: ['count'], message: COUPON_MESSAGES.count });
  });

/** The campaign to send, or each field's first message. */
export function checkCampaign(
  values: CampaignFormValues,
):
  | { input: AdminCouponCampaignDraft; errors?: undefined }
  | { input?: undefined; errors: Partial<Record<keyof CampaignFormValues, string>> } {
  const parsed = schema.safeParse(values);
  if (parsed.success) {
    const v = parsed.data;
    const percent = v.discounttype === 'percent';
    const some = v.scope === 'some';
    return {
      input: {
        name: v.name,
        kind: v.kind,
        discounttype: v.discounttype,
        discountvalue: Number(digits(v.discountvalue)),
        maxdiscount: percent ? Number(digits(v.maxdiscount)) : null,
        minprice: Number(digits(v.minprice)),
        validfrom: v.validfrom,
        validuntil: v.validuntil,
        contentsids: some ? [...new Set(idList(v.contentsids))] : [],
        categoryids: some ? [...new Set(idList(v.categoryids))] : [],
        ...(v.kind === 'codes' ? { count: Number(digits(v.count)) } : {}),
      },
    };
  }
  const errors: Partial<Record<keyof CampaignFormValues, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof CampaignFormValues;
    errors[key] ??= issue.message;
  }
  return { errors };
}

/** The pasted list as lines: one e-mail a line (commas and semicolons split too), blanks dropped by the server. */
export const emailLines = (text: string) => text.split(/[\r\n,;]+/).map((s) => s.trim()).filter(Boolean);
