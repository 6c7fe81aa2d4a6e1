import { PassThrough, type Readable } from 'node:stream';
import { t, viewFields, type EntityDef, type Lang } from '@alumni/domain';
import ExcelJS from 'exceljs';
import type { Caller } from '../../core/caller.js';
import { badRequest } from '../../core/errors.js';
import type { EntityOperations } from '../entity-operations.js';
import { cellText } from './cell-text.js';

/** Rows read per page while a sheet is written. */
const CHUNK = 1000;

export const EXPORT_MSG = {
  tooMany: t('导出数据超过{max}条，请缩小查询范围', 'More than {max} rows: narrow the filters to export'),
} as const;

export interface ExportFile {
  fileName: string;
  stream: Readable;
  /** How many rows the sheet holds. */
  rows: number;
}

/**
 * The list as an .xlsx sheet: exactly the list's filters, its columns with labels in the caller's
 * language, values as names. The rows are counted first (more than `maxRows` is a 400, before any
 * byte is sent), then read page by page and streamed as they are written.
 */
export async function exportList(ops: EntityOperations, entity: EntityDef, caller: Caller, raw: Record<string, unknown>, lang: Lang, maxRows: number): Promise<ExportFile> {
  const filters = { ...raw };
  delete filters.current;
  delete filters.size;
  const first = await ops.listFromQuery(entity, caller, { ...filters, current: 1, size: CHUNK });
  if (first.total > maxRows) throw badRequest(EXPORT_MSG.tooMany, { max: String(maxRows) });

  const fields = viewFields(entity);
  const columns = Object.keys(fields).filter((name) => fields[name]?.list);
  const stream = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: true });
  const sheet = book.addWorksheet(entity.label[lang]);
  sheet.columns = columns.map((name) => ({ header: fields[name]?.label[lang] ?? name, key: name, width: Math.max(12, Math.round((fields[name]?.width ?? 120) / 7)) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  void (async () => {
    let page = first;
    for (let current = 1; ; current += 1) {
      for (const record of page.records) {
        sheet.addRow(Object.fromEntries(columns.map((name) => [name, cellText(name, fields[name]!, record, lang)]))).commit();
      }
      if (current * CHUNK >= page.total || page.records.length === 0) break;
      page = await ops.listFromQuery(entity, caller, { ...filters, current: current + 1, size: CHUNK });
    }
    sheet.commit();
    await book.commit();
  })().catch((err: unknown) => stream.destroy(err instanceof Error ? err : new Error(String(err))));

  const stamp = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return { fileName: `${entity.label[lang]}-${stamp}.xlsx`, stream, rows: first.total };
}
