import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { SalesFigures, SalesGrouping, SalesReport } from './salesReport';

/**
 * The sales report as a file an accountant opens in Excel: Korean headers, one line per row, then 합계. Both formats are
 * written as the response is read, never built whole; a text cell that a spreadsheet would run as a formula comes
 * out inert (CSV injection).
 */

const GROUP_HEADER: Record<SalesGrouping, string> = { day: '일자', week: '주(월요일)', month: '월', class: '클래스' };
export const GROUP_NAME: Record<SalesGrouping, string> = { day: '일별', week: '주별', month: '월별', class: '클래스별' };

const FIGURE_HEADERS = ['주문 수', '총매출', '환불', '순매출', '카드', '할부(카드 중)', '카카오페이', '네이버페이', '토스페이'];

const headerRow = (g: SalesGrouping) => [GROUP_HEADER[g], '시작일', '종료일', ...FIGURE_HEADERS];

const figureCells = (f: SalesFigures) => [
  f.orders,
  f.gross,
  f.refunds,
  f.net,
  f.methods.card,
  f.methods.installment,
  f.methods.kakaopay,
  f.methods.naverpay,
  f.methods.tosspay,
];

/** Every line of the sheet: the headers, the rows, 합계. Text cells are strings, amounts numbers. */
function* sheetRows(report: SalesReport): Generator<(string | number)[]> {
  yield headerRow(report.groupby);
  for (const r of report.rows) yield [r.label, r.from, r.until, ...figureCells(r)];
  yield ['합계', report.from, report.until, ...figureCells(report.totals)];
}

export const salesFileName = (r: Pick<SalesReport, 'groupby' | 'from' | 'until'>, format: 'csv' | 'xlsx') =>
  `매출_${GROUP_NAME[r.groupby]}_${r.from}_${r.until}.${format}`;

/**
 * UTF-8 with a byte order mark (Excel otherwise reads Korean as the system's code page), CRLF lines, one line a chunk.
 * papaparse's `escapeFormulae` prefixes `'` to a text cell beginning with = + - @ tab or CR; numbers are left alone.
 */
export function salesCsv(report: SalesReport): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const lines = sheetRows(report);
  let first = true;
  return new ReadableStream({
    pull(controller) {
      const next = lines.next();
      if (next.done) return controller.close();
      const line = Papa.unparse([next.value], { escapeFormulae: true, newline: '\r\n' }) + '\r\n';
      controller.enqueue(encoder.encode(first ? `\uFEFF${line}` : line));
      first = false;
    },
  });
}

/**
 * exceljs's streaming writer: each row is committed (written to the zip stream and forgotten) as soon as it is added.
 * Strings go to the shared-strings table as plain text cells; exceljs writes a formula only for a `{ formula }` value,
 * which this never passes, so `=HYPERLINK(...)` is shown, not run.
 */
export function salesXlsx(report: SalesReport): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true, useStyles: false });
  const sheet = workbook.addWorksheet(`매출 ${GROUP_NAME[report.groupby]}`);
  const write = async () => {
    for (const cells of sheetRows(report)) sheet.addRow(cells).commit();
    sheet.commit();
    await workbook.commit();
  };
  write().catch((err: unknown) => {
    console.error('[sales] xlsx export failed:', err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}
