import { t, type EntityDef } from '@alumni/domain';
import ExcelJS from 'exceljs';
import { AppError, badRequest } from '../../core/errors.js';
import { columnIndex, fieldOfHeader } from './import-columns.js';
import { checkZipBounds } from './zip-bounds.js';

export const SHEET_MSG = {
  unreadable: t('无法读取文件，请上传 Excel (.xlsx) 文件', 'The file cannot be read: upload an Excel (.xlsx) file'),
  noColumns: t('表头中没有可导入的列，请使用导入模板', 'No importable column in the header row: use the import template'),
  tooManyRows: t('文件超过{max}行，请分批导入', 'The file has more than {max} rows: import it in parts'),
  empty: t('文件中没有数据行', 'The file holds no data rows'),
  tooManyColumns: t('文件超过{max}列，请使用导入模板', 'The file has more than {max} columns: use the import template'),
  tooManyStrings: t('文件中的文本过多（超过 {max} 项或 {chars} 个字符），请分批导入', 'The file holds too much text (over {max} entries or {chars} characters): import it in parts'),
} as const;

/**
 * What reading a sheet may hold beyond the zip's own bounds (`zip-bounds.ts`): the workbook's shared
 * strings (every text cell's text, kept while the sheet is read), the columns of a row, and rows
 * besides the data rows the tenant's `import.maxRows` allows (empty ones a sheet may carry).
 */
export const SHEET_LIMITS = { sharedStrings: 1_000_000, sharedChars: 16_000_000, columns: 256, blankRows: 10_000 };

type SharedString = string | { richText?: { text?: string }[] } | null;

/** The shared strings as the reader collects them: an append past a limit stops the reading with a 400. */
class BoundedStrings extends Array<SharedString> {
  private chars = 0;

  override push(...items: SharedString[]): number {
    for (const item of items) {
      this.chars += typeof item === 'string' ? item.length : (item?.richText ?? []).reduce((n, r) => n + (r.text?.length ?? 0), 0);
      if (this.length + 1 > SHEET_LIMITS.sharedStrings || this.chars > SHEET_LIMITS.sharedChars) {
        throw badRequest(SHEET_MSG.tooManyStrings, { max: SHEET_LIMITS.sharedStrings, chars: SHEET_LIMITS.sharedChars });
      }
      super.push(item);
    }
    return this.length;
  }
}

/** ExcelJS's streamed reader, whose shared strings (it assigns an empty list, then appends) are bounded. */
class BoundedWorkbookReader extends ExcelJS.stream.xlsx.WorkbookReader {
  private strings: BoundedStrings | undefined;

  get sharedStrings(): SharedString[] | undefined {
    return this.strings;
  }

  set sharedStrings(value: SharedString[] | undefined) {
    this.strings = value ? BoundedStrings.from(value) as BoundedStrings : undefined;
  }
}

/** One data row: its sheet row number and the text of each known column by field name. */
export interface SheetRow {
  row: number;
  cells: Record<string, string>;
  /** Every cell as written, for the error workbook. */
  raw: string[];
}

export interface ImportSheet {
  headers: string[];
  rows: SheetRow[];
}

function textOf(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 19).replace('T', ' ').replace(/ 00:00:00$/, '');
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return textOf(value.result as ExcelJS.CellValue);
    return '';
  }
  return String(value).trim();
}

/**
 * Reads the first sheet of an uploaded workbook, streamed (the cells, not the workbook's model, are
 * held): the header row names the columns (in either language).
 */
export async function readImportSheet(file: string, entity: EntityDef, maxRows: number): Promise<ImportSheet> {
  const index = columnIndex(entity);
  let headers: string[] | null = null;
  let fields: (string | undefined)[] = [];
  const rows: SheetRow[] = [];
  // Before any parser opens it: what the zip declares and really expands to.
  await checkZipBounds(file);
  let seen = 0;
  try {
    const reader = new BoundedWorkbookReader(file, { sharedStrings: 'cache', styles: 'cache', worksheets: 'emit', hyperlinks: 'ignore', entries: 'ignore' });
    let sheet = 0;
    for await (const worksheet of reader) {
      sheet += 1;
      for await (const row of worksheet) {
        // Only the first sheet is read; the others (the template's dictionary choices) are passed over.
        if (sheet > 1) continue;
        if ((row.values as unknown[]).length - 1 > SHEET_LIMITS.columns) throw badRequest(SHEET_MSG.tooManyColumns, { max: SHEET_LIMITS.columns });
        seen += 1;
        if (seen > maxRows + SHEET_LIMITS.blankRows) throw badRequest(SHEET_MSG.tooManyRows, { max: maxRows });
        if (headers === null) {
          headers = ((row.values as ExcelJS.CellValue[]) ?? []).slice(1).map(textOf);
          fields = headers.map((h) => fieldOfHeader(index, h));
          if (!fields.some(Boolean)) throw badRequest(SHEET_MSG.noColumns);
          continue;
        }
        const raw = headers.map((_, i) => textOf(row.getCell(i + 1).value));
        if (raw.every((v) => v === '')) continue;
        if (rows.length >= maxRows) throw badRequest(SHEET_MSG.tooManyRows, { max: maxRows });
        const cells: Record<string, string> = {};
        fields.forEach((name, i) => {
          if (name && raw[i] !== '') cells[name] = raw[i] as string;
        });
        rows.push({ row: row.number, cells, raw });
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw badRequest(SHEET_MSG.unreadable);
  }
  if (headers === null) throw badRequest(SHEET_MSG.unreadable);
  if (rows.length === 0) throw badRequest(SHEET_MSG.empty);
  return { headers, rows };
}
