import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminSalesReportQuery, type AdminSalesGrouping, type AdminSalesQuery } from '../../../api/queries/admin-sales';
import { isApiError } from '../../../api/errors';
import { PageSkeleton } from '../../../components/ui/Skeleton';
import { AdminFailure, AdminPageHead, AdminRefusal } from '../shell/AdminParts';
import { canUse } from '../shell/roles';
import { useAdminMe } from '../shell/useAdminMe';
import { useAdminTitle } from '../shell/useAdminTitle';
import { SalesDownloads } from './SalesDownloads';
import { SalesFiguresView } from './SalesFiguresView';
import { SalesTable } from './SalesTable';
import { GROUPING_LABEL, QUICK_LABEL, quickOf, quickPeriod, type QuickPeriod } from './salesPeriod';
import './sales.css';

/** 매출 (owner and operators): a period's sales by day, week, month or class, and the same as CSV or XLSX. */
export function SalesPage() {
  useAdminTitle('매출');
  const me = useAdminMe();
  if (!canUse(me.role, 'sales')) return <AdminRefusal message="매출은 대표 운영자와 운영자만 볼 수 있습니다." />;
  return <Sales />;
}

function Sales() {
  const [query, setQuery] = useState<AdminSalesQuery>(() => ({ ...quickPeriod('month'), groupby: 'day' }));
  return (
    <>
      <AdminPageHead title="매출" lead="한국 시간 기준으로 기간을 고르면 총매출, 환불, 순매출, 주문 수와 결제수단별 금액을 보여 줍니다. 환불은 환불한 날에 잡힙니다.">
        <SalesDownloads query={query} />
      </AdminPageHead>
      <SalesFilters query={query} onChange={setQuery} />
      <SalesReport query={query} />
    </>
  );
}

function SalesFilters({ query, onChange }: { query: AdminSalesQuery; onChange: (q: AdminSalesQuery) => void }) {
  const pressed = quickOf(query);
  return (
    <div className="admin-card admin-sales-filters" role="group" aria-label="매출 기간과 묶음">
      <div className="admin-sales-quick" role="group" aria-label="빠른 기간">
        {(Object.keys(QUICK_LABEL) as QuickPeriod[]).map((q) => (
          <button key={q} type="button" className="btn btn--sm" aria-pressed={pressed === q} onClick={() => onChange({ ...query, ...quickPeriod(q) })}>
            {QUICK_LABEL[q]}
          </button>
        ))}
      </div>
      <div className="admin-sales-dates">
        <div className="admin-field">
          <label htmlFor="sales-from">시작일</label>
          <input id="sales-from" type="date" value={query.from} max={query.until} required onChange={(e) => e.currentTarget.value && onChange({ ...query, from: e.currentTarget.value })} />
        </div>
        <div className="admin-field">
          <label htmlFor="sales-until">종료일</label>
          <input id="sales-until" type="date" value={query.until} min={query.from} required onChange={(e) => e.currentTarget.value && onChange({ ...query, until: e.currentTarget.value })} />
        </div>
      </div>
      <div className="admin-sales-quick" role="group" aria-label="묶음">
        {(Object.keys(GROUPING_LABEL) as AdminSalesGrouping[]).map((g) => (
          <button key={g} type="button" className="btn btn--sm" aria-pressed={query.groupby === g} onClick={() => onChange({ ...query, groupby: g })}>
            {GROUPING_LABEL[g]}별
          </button>
        ))}
      </div>
    </div>
  );
}

function SalesReport({ query }: { query: AdminSalesQuery }) {
  // The last report stays on screen while the next period loads, so the page does not jump at every date change.
  const report = useQuery({ ...adminSalesReportQuery(query), placeholderData: keepPreviousData });
  if (report.isError) {
    // A period the report cannot show (end before start, daily rows over a year) is the server's sentence, no retry.
    if (isApiError(report.error) && report.error.status === 400)
      return (
        <p className="admin-sales-refused" role="alert">
          {report.error.message}
        </p>
      );
    return <AdminFailure error={report.error} onRetry={() => void report.refetch()} />;
  }
  if (!report.data) return <PageSkeleton lines={8} />;
  return (
    <div className="admin-sales-report" aria-busy={report.isFetching} data-testid="admin-sales-report">
      <SalesFiguresView totals={report.data.totals} />
      <SalesTable report={report.data} />
    </div>
  );
}
