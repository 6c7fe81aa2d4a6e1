import { t, type Lang, type ReportPreview } from '@alumni/domain';
import ExcelJS from 'exceljs';
import { sheetName } from '../../engine/excel/entity-export.js';
import type { PdfDocument } from '../../engine/pdf/pdf-renderer.js';

const TOTAL = t('合计', 'Total');
const PRINTED = t('生成时间', 'Generated at');
const ROWS = t('共 {n} 行', '{n} rows');

type Cells = Record<string, string | number | null>;

/** The totals row of a grouped report: 合计 under the first group column, each measure's total. */
function totalsRow(report: Pick<ReportPreview, 'columns' | 'totals'>, lang: Lang): Cells | null {
  if (!report.totals) return null;
  const row: Cells = {};
  const first = report.columns.find((c) => c.role === 'group');
  for (const c of report.columns) row[c.key] = c.role === 'measure' ? (report.totals[c.key] ?? null) : null;
  if (first) row[first.key] = TOTAL[lang];
  return row;
}

/** A grouped report as an .xlsx workbook: its columns, one row per group, the totals row in bold. */
export async function groupedWorkbook(title: string, report: ReportPreview, lang: Lang): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName(title));
  sheet.columns = report.columns.map((c) => ({ header: c.label, key: c.key, width: Math.max(12, [...c.label].length * 2 + 4) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of report.rows) sheet.addRow(row);
  const totals = totalsRow(report, lang);
  if (totals) sheet.addRow(totals).font = { bold: true };
  return Buffer.from(await book.xlsx.writeBuffer());
}

const text = (v: string | number | null | undefined): string => (v === null || v === undefined ? '' : typeof v === 'number' ? v.toLocaleString('en-US', { maximumFractionDigits: 2 }) : v);

/**
 * A report as a printable document: its name, when it was made and by whom it was read, and its
 * table (numbers to the right, the totals in bold), landscape from seven columns on.
 */
export function reportDocument(title: string, report: Pick<ReportPreview, 'columns' | 'rows' | 'totals' | 'total'>, lang: Lang, printedAt: string): PdfDocument {
  const header = report.columns.map((c) => ({ text: c.label, bold: true, fillColor: '#eef2f7', alignment: c.numeric ? 'right' as const : 'left' as const }));
  const line = (row: Cells, bold = false) => report.columns.map((c) => ({ text: text(row[c.key]), bold, alignment: c.numeric ? 'right' as const : 'left' as const }));
  const totals = totalsRow(report, lang);
  return {
    pageOrientation: report.columns.length > 6 ? 'landscape' : 'portrait',
    pageMargins: [32, 40, 32, 40],
    info: { title },
    content: [
      { text: title, fontSize: 16, bold: true, margin: [0, 0, 0, 4] },
      { text: `${PRINTED[lang]}：${printedAt}　${ROWS[lang].replace('{n}', String(report.total))}`, fontSize: 9, color: '#666666', margin: [0, 0, 0, 10] },
      {
        table: { headerRows: 1, widths: report.columns.map(() => '*'), body: [header, ...report.rows.map((r) => line(r)), ...(totals ? [line(totals, true)] : [])] },
        layout: 'lightHorizontalLines',
        fontSize: 9,
      },
    ],
    footer: (current: number, count: number) => ({ text: `${current} / ${count}`, alignment: 'center', fontSize: 8, color: '#999999' }),
  };
}
