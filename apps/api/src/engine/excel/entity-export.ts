import { PassThrough, type Readable } from 'node:stream';
import { sensitiveFields, t, viewFields, type Condition, type EntityDef, type Field, type Lang } from '@alumni/domain';
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

/** Another choice of columns than the list's (a listing report's), and the sheet's and file's name. */
export interface ExportColumns {
  /** The fields to write, in order, each found in `fields`. */
  columns: readonly string[];
  fields: Readonly<Record<string, Field>>;
  title: string;
  /** Conditions besides the filters, all met (a report's saved segment). */
  also?: readonly Condition[];
}

export interface SheetColumn {
  key: string;
  header: string;
  /** Width in characters. */
  width: number;
}

/**
 * One streamed .xlsx sheet of the given columns, bold headers first; `fill` adds the rows (each an
 * object by column key) and returns when all are added. Errors while filling end the stream with
 * the error. The shared writer of list exports and of exports shaped by a module (survey answers).
 */
export function streamSheet(title: string, columns: readonly SheetColumn[], fill: (add: (row: Record<string, unknown>) => void) => Promise<void>): Readable {
  const stream = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: true });
  const sheet = book.addWorksheet(sheetName(title));
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  void (async () => {
    await fill((row) => sheet.addRow(row).commit());
    sheet.commit();
    await book.commit();
  })().catch((err: unknown) => stream.destroy(err instanceof Error ? err : new Error(String(err))));
  return stream;
}

/** A file name with today's date: `<name>-yyyyMMdd.xlsx`. */
export const datedFileName = (name: string): string => `${name}-${new Date().toISOString().slice(0, 10).replaceAll('-', '')}.xlsx`;

/**
 * The list as an .xlsx sheet: exactly the list's filters, its columns with labels in the caller's
 * language, values as names. The rows are counted first (more than `maxRows` is a 400, before any
 * byte is sent), then read page by page and streamed as they are written. `chosen` writes other
 * columns under another title (a listing report), through the same list call, scope and masking.
 */
export async function exportList(ops: EntityOperations, entity: EntityDef, caller: Caller, raw: Record<string, unknown>, lang: Lang, maxRows: number, chosen?: ExportColumns): Promise<ExportFile> {
  const filters = { ...raw };
  delete filters.current;
  delete filters.size;
  // The pages are read unrecorded: the file is one read of personal data, recorded below.
  const also = chosen?.also ?? [];
  const first = await ops.listFromQuery(entity, caller, { ...filters, current: 1, size: CHUNK }, null, also);
  if (first.total > maxRows) throw badRequest(EXPORT_MSG.tooMany, { max: String(maxRows) });

  const fields = chosen?.fields ?? viewFields(entity);
  // A field hidden from the caller (decisions 320–322) has no column: its values are not in the rows either.
  const hidden = (await ops.fieldView(entity, caller)).hidden;
  const columns = (chosen ? [...chosen.columns] : Object.keys(fields).filter((name) => fields[name]?.list)).filter((name) => !hidden.has(name));
  // An unmasked file is one event of the personal-data access report (decision 302): its ids while
  // they fit in one (the first page holds them all), else its count and filter; the sensitive columns it wrote.
  const written = sensitiveFields(entity).map(([name]) => name).filter((name) => columns.includes(name));
  if (written.length > 0 && first.total > 0 && await ops.seesSensitive(entity, caller)) {
    await ops.recordAccess(entity, caller, first.records, { kind: chosen ? 'report' : 'export', filter: filters, count: first.total }, written);
  }
  const title = chosen?.title ?? entity.label[lang];
  const stream = streamSheet(title,
    columns.map((name) => ({ header: fields[name]?.label[lang] ?? name, key: name, width: Math.max(12, Math.round((fields[name]?.width ?? 120) / 7)) })),
    async (add) => {
      let page = first;
      for (let current = 1; ; current += 1) {
        for (const record of page.records) add(Object.fromEntries(columns.map((name) => [name, cellText(name, fields[name]!, record, lang)])));
        if (current * CHUNK >= page.total || page.records.length === 0) break;
        page = await ops.listFromQuery(entity, caller, { ...filters, current: current + 1, size: CHUNK }, null, also);
      }
    });
  return { fileName: datedFileName(title), stream, rows: first.total };
}

/** A worksheet's name: at most 31 characters, none of `\ / ? * [ ] :`. */
export const sheetName = (title: string): string => title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31).trim() || 'Sheet1';
