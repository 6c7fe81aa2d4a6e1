import path from 'node:path';
import multipart from '@fastify/multipart';
import { englishEntryLabel, permissionCodes, routedEntities, type EntityDef, type Lang } from '@alumni/domain';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../../core/caller.js';
import { AppError } from '../../core/errors.js';
import { ok } from '../../core/envelope.js';
import { receiveUpload } from '../../modules/resource/storage/receive-upload.js';
import { importModeOf } from './entity-import.js';
import { headerOf, sheetColumns } from './import-columns.js';

/** The largest file an import takes (DOMAIN 1.2), and its most rows unless the tenant's parameter says otherwise. */
const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
const IMPORT_MAX_ROWS = 20_000;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const DICTIONARY_SHEET = { zh: '字典值', en: 'Dictionary values' } as const;
const TEMPLATE = { zh: '导入模板', en: 'import template' } as const;

/** The empty sheet of an entity's import (a related record's columns last), and a second sheet with every dictionary column's choices. */
async function templateOf(app: FastifyInstance, entity: EntityDef, tenantId: string, lang: Lang): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const fields = sheetColumns(entity);
  const sheet = book.addWorksheet(entity.label[lang]);
  sheet.columns = fields.map(([name, field]) => ({ header: headerOf(field, lang), key: name, width: Math.max(14, Math.round((field.width ?? 120) / 7)) }));
  sheet.getRow(1).font = { bold: true };
  const choices = book.addWorksheet(DICTIONARY_SHEET[lang]);
  choices.addRow([lang === 'zh' ? '列' : 'Column', lang === 'zh' ? '可选值' : 'Choices']).font = { bold: true };
  for (const [, field] of fields) {
    if (field.kind !== 'dict') continue;
    const labels = await app.services.labels.labels(field.source, tenantId, field.dict);
    const shown = [...labels].map(([key, label]) => (lang === 'en' ? englishEntryLabel(field.dict, key) ?? label : label));
    choices.addRow([field.label[lang], shown.join(', ')]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * The import calls of every entity that declares `excel.import` (a plugin: multipart stays inside it):
 * `export-template`, and `import` — a preview (a file, nothing written, an `importId`) or the commit
 * of a previewed file (`importId`).
 */
export async function registerImportRoutes(app: FastifyInstance): Promise<void> {
  const { config, operations, params, imports } = app.services;
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10 } });
  for (const entity of routedEntities()) {
    if (!entity.excel?.import || !entity.api) continue;
    const tags = [`${entity.label.en} (${entity.label.zh})`];
    const code = permissionCodes(entity).import;

    app.get(`${entity.api.base}/export-template`, { schema: { tags, summary: `The empty ${entity.label.en} import sheet, with the dictionary choices on a second sheet` } }, async (req, reply) => {
      const caller = requireCaller(req.caller);
      await operations.requireCode(caller, code);
      const file = await templateOf(app, entity, caller.tenantId, req.lang);
      reply.header('content-type', XLSX);
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${entity.label[req.lang]}-${TEMPLATE[req.lang]}.xlsx`)}`);
      return reply.send(file);
    });

    app.post(`${entity.api.base}/import`, {
      schema: {
        tags, consumes: ['multipart/form-data', 'application/json'],
        summary: `Import ${entity.label.en} rows: a file (multipart \`file\`) is previewed (nothing written, answers importId); importId commits it. mode = skip | cover`,
        querystring: { type: 'object', properties: { importId: { type: 'string' }, mode: { type: 'string', enum: ['skip', 'cover'] }, preview: { type: 'string', enum: ['0', '1'] } } },
      },
    }, async (req, reply) => {
      const caller = requireCaller(req.caller);
      await operations.requireCode(caller, code);
      const query = req.query as { importId?: string; mode?: string; preview?: string };
      const mode = importModeOf(query.mode);
      const maxRows = await params.number(caller.tenantId, 'import.maxRows', IMPORT_MAX_ROWS);
      // At most IMPORTS_PER_TENANT at once: a refused upload's body is not read, so its connection closes.
      const run = imports.running(caller.tenantId, async () => {
        if (query.importId) return imports.commit(entity, caller, req.lang, query.importId, mode, maxRows);
        let upload;
        try {
          upload = await receiveUpload(req, { maxBytes: IMPORT_MAX_BYTES, extensions: new Set(['xlsx']), stallMs: config.uploadStallSeconds * 1000 }, path.join(config.dataDir, 'tmp'));
        } catch (err) {
          reply.header('connection', 'close');
          throw err;
        }
        const previewed = await imports.preview(entity, caller, req.lang, upload.path, mode, maxRows);
        // preview=0: the file is written at once (its rows with errors left out).
        if (query.preview === '0') return imports.commit(entity, caller, req.lang, previewed.importId, mode, maxRows);
        return previewed;
      });
      try {
        return ok(await run, req.lang);
      } catch (err) {
        if (err instanceof AppError && err.code === 429 && !query.importId) reply.header('connection', 'close');
        throw err;
      }
    });
  }
}
