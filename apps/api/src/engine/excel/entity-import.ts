import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { formDefaults, parseSubmit, t, type EntityDef, type ImportError, type ImportMode, type ImportResult, type Lang } from '@alumni/domain';
import ExcelJS from 'exceljs';
import type { Caller } from '../../core/caller.js';
import { AppError, badRequest } from '../../core/errors.js';
import type { Db } from '../../db/database.js';
import type { FileService } from '../../modules/resource/storage/file-service.js';
import type { KvStore } from '../../store/kv-store.js';
import type { DictionaryLabels } from '../dictionary-labels.js';
import type { EntityOperations, WritePlan } from '../entity-operations.js';
import type { EntityRepository } from '../entity-repository.js';
import { readImportSheet, type ImportSheet } from './import-sheet.js';
import { relatedCell, relatedImport, relatedRow } from './import-columns.js';
import { rowKey } from './import-key.js';
import { ImportValues } from './import-values.js';

/** How long a previewed file waits for its commit. */
const PENDING_SECONDS = 30 * 60;

export const IMPORT_MSG = {
  expired: t('导入已过期或不存在，请重新上传文件', 'The import has expired or does not exist: upload the file again'),
  badMode: t('导入方式应为 skip 或 cover', 'The mode must be skip or cover'),
  duplicateInFile: t('与第{row}行重复', 'Repeats row {row}'),
  failed: t('导入失败，未写入任何数据', 'The import failed and wrote nothing'),
  errorColumn: t('错误原因', 'Error'),
  busy: t('已有导入正在进行，请稍后再试', 'An import is already running: try again shortly'),
} as const;

/** How long a running import's slot outlives a process that stopped while holding it. */
const SLOT_SECONDS = 15 * 60;

export type RowOutcome = 'created' | 'updated' | 'skipped' | 'failed';

/** Rows written under one savepoint: a refused row costs its chunk a second, row-by-row pass. */
const CHUNK_ROWS = 200;

type Transaction = Awaited<ReturnType<ReturnType<Db['startTransaction']>['execute']>>;

/** A row that passed its own checks, to be written. */
interface RowWrite { row: number; existing: boolean; parsed: { id: string | null; values: Record<string, unknown> }; input: Record<string, unknown> }

/** A row's values as parsed, as a write may complete them (hooks, numbers) and a chunk may be written twice. */
const fresh = (parsed: RowWrite['parsed']) => ({ id: parsed.id, values: { ...parsed.values } }) as Parameters<EntityOperations['writeRow']>[2];

/** A written row, or its messages. */
type RowOutcomeOf = true | { field?: string; message: string }[];

interface Pending { tenantId: string; userId: string; entity: string; file: string }

export const importModeOf = (value: unknown): ImportMode => {
  if (value === undefined || value === '' || value === 'skip') return 'skip';
  if (value === 'cover') return 'cover';
  throw badRequest(IMPORT_MSG.badMode);
};

/**
 * Imports of a sheet into an entity (DOMAIN 1.2): a preview runs every row through the entity's
 * own rules inside a transaction that is then rolled back, and keeps the file for 30 minutes; the
 * commit runs the same rows again in one transaction — rows with errors are left out, the others
 * all written, or none on a failure of the database.
 */
export class EntityImports {
  constructor(
    private readonly db: Db,
    private readonly ops: EntityOperations,
    private readonly repository: EntityRepository,
    private readonly labels: DictionaryLabels,
    private readonly store: KvStore,
    private readonly files: FileService,
    private readonly dataDir: string,
    private readonly perTenant: number,
  ) {}

  /**
   * Runs an import (its upload, preview or commit) in one of the tenant's `perTenant` slots, kept in
   * the key-value store so every process counts them; with none free it is a 429. A slot is a key
   * whose first increment takes it (an atomic step on either store) and whose removal frees it, in a
   * finally, whatever the import's end.
   */
  async running<T>(tenantId: string, work: () => Promise<T>): Promise<T> {
    let slot: string | null = null;
    for (let i = 0; i < this.perTenant && slot === null; i++) {
      const key = `import:running:${tenantId}:${i}`;
      if ((await this.store.increment(key, SLOT_SECONDS)) === 1) slot = key;
    }
    if (slot === null) throw new AppError(429, IMPORT_MSG.busy);
    try {
      return await work();
    } finally {
      await this.store.delete(slot);
    }
  }

  private get folder() {
    return path.join(this.dataDir, 'imports');
  }

  /** Checks an uploaded file (moved into the imports folder) and answers what a commit would do. */
  async preview(entity: EntityDef, caller: Caller, lang: Lang, upload: string, mode: ImportMode, maxRows: number): Promise<ImportResult & { importId: string }> {
    await mkdir(this.folder, { recursive: true });
    await this.forgetStale();
    const importId = randomUUID();
    const file = path.join(this.folder, `${importId}.xlsx`);
    await rename(upload, file);
    try {
      const sheet = await readImportSheet(file, entity, maxRows);
      const result = await this.run(entity, caller, lang, sheet, mode, false);
      const pending: Pending = { tenantId: caller.tenantId, userId: caller.userId, entity: entity.name, file };
      await this.store.set(`import:${importId}`, JSON.stringify(pending), PENDING_SECONDS);
      return { importId, ...result };
    } catch (err) {
      await rm(file, { force: true });
      throw err;
    }
  }

  /** Writes a previewed file: the rows without errors, in one transaction. */
  async commit(entity: EntityDef, caller: Caller, lang: Lang, importId: string, mode: ImportMode, maxRows: number): Promise<ImportResult> {
    const raw = /^[0-9a-f-]{36}$/.test(importId) ? await this.store.take(`import:${importId}`) : null;
    const pending = raw ? (JSON.parse(raw) as Pending) : null;
    if (!pending || pending.tenantId !== caller.tenantId || pending.userId !== caller.userId || pending.entity !== entity.name) {
      throw badRequest(IMPORT_MSG.expired);
    }
    try {
      const sheet = await readImportSheet(pending.file, entity, maxRows);
      return await this.run(entity, caller, lang, sheet, mode, true);
    } finally {
      await rm(pending.file, { force: true });
    }
  }

  private async run(entity: EntityDef, caller: Caller, lang: Lang, sheet: ImportSheet, mode: ImportMode, write: boolean): Promise<ImportResult> {
    const rule = entity.excel?.import;
    // A single one-field key is read for the whole file below and repeats within it are refused:
    // each row's own check of that field's uniqueness would only ask again.
    const single = rule && rule.key.length === 1 && !rule.fallbackKey?.length ? rule.key[0] as string : null;
    // The audit rows of a chunk's rows are inserted together, inside the chunk's savepoint.
    const audit = this.ops.auditBatch();
    const plan: WritePlan = { ...(await this.ops.planWrite(entity, caller, lang)), via: 'import', ...(single ? { uniqueBy: single } : {}), ...(audit ? { audit } : {}) };
    const values = await ImportValues.prepare(this.db, this.labels, entity, caller.tenantId, sheet.rows, lang);
    const related = relatedImport(entity);
    const relatedValues = related
      ? await ImportValues.prepare(this.db, this.labels, related.entity, caller.tenantId, sheet.rows.map((r) => relatedRow(related, r)), lang, related.fields)
      : null;
    const defaults = formDefaults(entity);
    const seen = new Map<string, number>();
    const errors: ImportError[] = [];
    const counts: Record<RowOutcome, number> = { created: 0, updated: 0, skipped: 0, failed: 0 };
    const failedRows = new Map<number, string[]>();
    const fail = (row: number, list: ImportError[]) => {
      counts.failed += 1;
      errors.push(...list);
      failedRows.set(row, list.map((e) => e.message));
    };

    const trx = await this.db.startTransaction().execute();
    try {
      // A one-field natural key (a student number): the existing rows are read once, not row by row.
      const known = single ? await this.repository.idsByValues(entity, plan.scope, single,
        [...new Set(sheet.rows.map((r) => r.cells[single]?.trim()).filter((v): v is string => !!v))], trx) : null;
      // First every row's own checks, which write nothing; then the writes, a chunk at a time.
      const writes: RowWrite[] = [];
      for (const row of sheet.rows) {
        const { body, errors: cellErrors } = values.toBody(row);
        if (related && relatedValues) {
          // The row's related record, as the entity's form sends it: a one-element list.
          const own = relatedValues.toBody(relatedRow(related, row));
          if (Object.keys(own.body).length > 0) body[related.rule.field] = [own.body];
          for (const [name, message] of Object.entries(own.errors)) cellErrors[relatedCell(related.rule, name)] = message;
        }
        const found = rowKey(rule, { ...defaults, ...body });
        // Values are compared as stored: an encrypted field by its hash (an ID number in any case, a phone with separators).
        const keyText = found ? JSON.stringify(this.repository.exactColumns(entity, found.values)) : null;
        const earlier = keyText === null ? undefined : seen.get(keyText);
        if (found && earlier !== undefined) {
          fail(row.row, [{ row: row.row, field: found.fields.at(-1), message: IMPORT_MSG.duplicateInFile[lang].replace('{row}', String(earlier)) }]);
          continue;
        }
        if (keyText !== null) seen.set(keyText, row.row);
        const existingId = !found ? null
          : known ? known.get(String(found.values[single as string])) ?? null
            : await this.repository.idBy(entity, plan.scope, found.values, trx);
        if (existingId && mode === 'skip') {
          counts.skipped += 1;
          continue;
        }
        // Covering changes the columns the sheet has; a new row takes the form's defaults for the others.
        const input = existingId ? { ...body, id: existingId } : { ...defaults, ...body };
        const parsed = parseSubmit(entity, input, lang);
        const fieldErrors = { ...(parsed.ok ? {} : parsed.errors), ...cellErrors };
        if (Object.keys(fieldErrors).length > 0) {
          fail(row.row, Object.entries(fieldErrors).map(([field, message]) => ({ row: row.row, field, message })));
          continue;
        }
        writes.push({ row: row.row, existing: existingId !== null, parsed: { id: parsed.id, values: parsed.values }, input });
      }
      for (let start = 0; start < writes.length; start += CHUNK_ROWS) {
        for (const [write, outcome] of await this.writeChunk(trx, plan, writes.slice(start, start + CHUNK_ROWS))) {
          if (outcome === true) counts[write.existing ? 'updated' : 'created'] += 1;
          else fail(write.row, outcome.map((e) => ({ row: write.row, ...e })));
        }
      }
      if (write) await trx.commit().execute();
      else await trx.rollback().execute();
    } catch (err) {
      await trx.rollback().execute().catch(() => undefined);
      if (err instanceof AppError) throw err;
      throw badRequest(IMPORT_MSG.failed);
    }
    if (write) plan.hooks?.afterCommit?.();
    errors.sort((a, b) => a.row - b.row);
    const errorFileLink = write && failedRows.size > 0 ? await this.errorFile(caller, lang, sheet, failedRows) : null;
    return { total: sheet.rows.length, ...counts, errors, errorFileLink };
  }

  /**
   * Writes a chunk of rows under one savepoint; when one is refused the chunk is undone and written
   * again a row at a time, each in its own savepoint, so the refused rows alone are left out.
   */
  private async writeChunk(trx: Transaction, plan: WritePlan, chunk: RowWrite[]): Promise<[RowWrite, RowOutcomeOf][]> {
    const point = await trx.savepoint('import_chunk').execute();
    try {
      for (const item of chunk) await this.ops.writeRow(plan, point, fresh(item.parsed), item.input);
      await plan.audit?.flush(point);
      await point.releaseSavepoint('import_chunk').execute();
      return chunk.map((item) => [item, true]);
    } catch (err) {
      plan.audit?.clear();
      await point.rollbackToSavepoint('import_chunk').execute();
      await point.releaseSavepoint('import_chunk').execute();
      if (!(err instanceof AppError)) throw err;
    }
    const outcomes: [RowWrite, RowOutcomeOf][] = [];
    for (const item of chunk) outcomes.push([item, await this.writeInSavepoint(trx, plan, item.parsed, item.input)]);
    return outcomes;
  }

  /** One row in its own savepoint: a refused row is undone alone; true, or the row's messages. */
  private async writeInSavepoint(trx: Transaction, plan: WritePlan,
    parsed: { id: string | null; values: Record<string, unknown> }, body: Record<string, unknown>): Promise<RowOutcomeOf> {
    const point = await trx.savepoint('import_row').execute();
    try {
      await this.ops.writeRow(plan, point, fresh(parsed), body);
      await plan.audit?.flush(point);
      await point.releaseSavepoint('import_row').execute();
      return true;
    } catch (err) {
      plan.audit?.clear();
      await point.rollbackToSavepoint('import_row').execute();
      await point.releaseSavepoint('import_row').execute();
      if (!(err instanceof AppError)) throw err;
      const named = (err.data as { errors?: Record<string, string> } | null)?.errors;
      return named ? Object.entries(named).map(([field, message]) => ({ field, message })) : [{ message: err.messageIn(plan.lang) }];
    }
  }

  /** The uploaded sheet's refused rows with a column 错误原因, stored as a file of the tenant. */
  private async errorFile(caller: Caller, lang: Lang, sheet: ImportSheet, failed: Map<number, string[]>): Promise<string | null> {
    const book = new ExcelJS.Workbook();
    const out = book.addWorksheet('errors');
    out.addRow([...sheet.headers, IMPORT_MSG.errorColumn[lang]]).font = { bold: true };
    for (const row of sheet.rows) {
      const messages = failed.get(row.row);
      if (messages) out.addRow([...row.raw, messages.join('; ')]);
    }
    const file = path.join(this.folder, `${randomUUID()}.xlsx`);
    await book.xlsx.writeFile(file);
    try {
      const { size } = await stat(file);
      const stored = await this.files.put(caller, {
        path: file, size, extension: 'xlsx', originalName: `import-errors-${new Date().toISOString().slice(0, 10)}.xlsx`,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      });
      return stored.link;
    } catch {
      // No storage configured: the errors are still in the answer.
      await rm(file, { force: true });
      return null;
    }
  }

  /** Files of previews never committed, older than their time to live. */
  private async forgetStale(): Promise<void> {
    const limit = Date.now() - PENDING_SECONDS * 1000;
    for (const name of await readdir(this.folder).catch(() => [] as string[])) {
      const file = path.join(this.folder, name);
      const info = await stat(file).catch(() => null);
      if (info && info.mtimeMs < limit) await rm(file, { force: true });
    }
  }
}
