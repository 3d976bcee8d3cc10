import { recordAudit } from '../domain/audit';
import { salesCsv, salesFileName, salesXlsx } from '../domain/salesExport';
import { salesReport } from '../domain/salesReport';
import { contentDisposition } from '../lib/contentDisposition';
import { ok, type Handlers } from '../openapi/typed';
import { uncachedRead, writes, type CacheTable } from '../openapi/cacheTags';

const FILE_TYPE = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** The console's sales (issue 39); the roles are checked by the dispatcher (owner and operators). */
export const adminSales = {
  async getAdminSalesReport({ s, body }) {
    return ok(await salesReport(s.db, body));
  },
  async exportAdminSales(ctx) {
    const { format, ...query } = ctx.body;
    // The report first: a refused period is a 400 with nothing recorded, and the file is written from figures only.
    const report = await salesReport(ctx.s.db, query);
    await recordAudit(ctx.s.db, ctx, {
      operation: 'exportAdminSales',
      objectType: 'sales',
      objectId: `${query.from}~${query.until}`,
      after: { from: query.from, until: query.until, groupby: query.groupby, format, rows: report.rows.length },
    });
    return new Response(format === 'csv' ? salesCsv(report) : salesXlsx(report), {
      headers: {
        'content-type': FILE_TYPE[format],
        'content-disposition': contentDisposition(salesFileName(report, format)),
        'cache-control': 'private, no-store',
      },
    });
  },
} satisfies Partial<Handlers>;

export const adminSalesCache = {
  getAdminSalesReport: uncachedRead,
  exportAdminSales: writes(['audit_log']),
} satisfies CacheTable<typeof adminSales>;
