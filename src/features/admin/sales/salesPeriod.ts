import type { AdminSalesGrouping } from '../../../api/queries/admin-sales';
import { kstDay } from '../shell/kst';

/** A period of KST days, both inclusive, as the sales report takes it. */
export interface SalesPeriod {
  from: string;
  until: string;
}

export type QuickPeriod = 'today' | 'week' | 'month' | 'year';

export const QUICK_LABEL: Record<QuickPeriod, string> = { today: '오늘', week: '이번 주', month: '이번 달', year: '올해' };
export const GROUPING_LABEL: Record<AdminSalesGrouping, string> = { day: '일', week: '주', month: '월', class: '클래스' };

const DAY_MS = 86_400_000;


/** 오늘, 이번 주 (from Monday, as the report's weeks), 이번 달 and 올해, each up to today (KST). */
export function quickPeriod(which: QuickPeriod, now: Date = new Date()): SalesPeriod {
  const until = kstDay(now);
  if (which === 'today') return { from: until, until };
  if (which === 'month') return { from: `${until.slice(0, 7)}-01`, until };
  if (which === 'year') return { from: `${until.slice(0, 4)}-01-01`, until };
  const day = new Date(`${until}T00:00:00Z`);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return { from: new Date(day.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10), until };
}

/** Which quick period a chosen one is, for the pressed button; null for any other. */
export function quickOf(period: SalesPeriod, now: Date = new Date()): QuickPeriod | null {
  const all: QuickPeriod[] = ['today', 'week', 'month', 'year'];
  return all.find((q) => {
    const p = quickPeriod(q, now);
    return p.from === period.from && p.until === period.until;
  }) ?? null;
}
