import {
  checkReportDefinition, MAX_PAGE_SIZE, MSG, parseIds, parsePaging, REPORT_LIMITS, ReportDefinitionError, reportEntity,
  type CheckedReport, type Condition, type Lang,
} from '@alumni/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCaller, type Caller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest, forbidden } from '../../core/errors.js';
import { now } from '../../core/time.js';
import { requireIds } from '../../engine/entity-operations.js';
import { exportList } from '../../engine/excel/entity-export.js';
import { SavedSegments } from '../../engine/segments/saved-segments.js';
import { renderPdf } from '../../engine/pdf/pdf-renderer.js';
import { groupedWorkbook, reportDocument } from './report-files.js';
import { ReportRunner } from './report-runner.js';

const BASE = reportEntity.api!.base;
const tags = [`${reportEntity.label.en} (${reportEntity.label.zh})`];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EXPORT_MAX_ROWS = 50_000;
const CODES = { menu: 'reportlist', view: 'reportlist_view', design: 'reportlist_design', designer: 'report_designer' } as const;

/** Where the designer and the viewer are: the built-in pages unless the parameters name an external report server. */
export const BUILT_IN_URLS = { designerUrl: '/report/designer', previewUrl: '/report/preview' } as const;

const whichReport = {
  type: 'object',
  properties: {
    id: { type: 'string' }, name: { type: 'string', description: 'instead of id: the report name (the viewer address carries `_u=blade-{name}`)' },
    current: { type: 'integer', minimum: 1 }, size: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, description: 'a listing report’s page' },
  },
} as const;

/** `current` and `size` of a listing report's page (grouped reports answer every group). */
const pageOf = (raw: Record<string, unknown>): { current: number; size: number } => parsePaging(raw, 20);

/** A definition checked, its problem as a 400 in the caller's language. */
function checked(content: unknown, lang: Lang): CheckedReport {
  try {
    return checkReportDefinition(content);
  } catch (error) {
    if (error instanceof ReportDefinitionError) throw badRequest({ zh: error.message_('zh'), en: error.message_('en') }, {}, { errors: { content: error.message_(lang) } });
    throw error;
  }
}

/**
 * The report calls beyond the entity's list, detail, submit and remove (DOMAIN 10.1; each *added*):
 * the designer's and viewer's addresses, the preview of a saved report or of a draft, and the
 * Excel and PDF files of a saved report.
 */
export function registerReportRoutes(app: FastifyInstance): void {
  const { operations: ops, access, params, labels, database } = app.services;
  const runner = new ReportRunner(ops, labels, database.db);

  const requireAny = async (caller: Caller, codes: string[]) => {
    for (const code of codes) if (await access.can(caller, code)) return;
    throw forbidden();
  };

  const segments = new SavedSegments(database.db, ops);
  /**
   * A checked report with its population: a saved segment's members as the caller reads them (their
   * data scope, never the designer's), as conditions besides the filters; `also` holds them alone.
   */
  const populated = async (caller: Caller, report: CheckedReport): Promise<{ report: CheckedReport; also: Condition[] }> => {
    const id = report.definition.segmentId;
    if (id === undefined) return { report, also: [] };
    const also = await segments.memberConditions(caller, id, report.entity);
    return { report: { ...report, conditions: [...report.conditions, ...also] }, also };
  };

  /** A saved report by id or name, read as its detail is (the menu), then its definition checked. */
  const saved = async (req: FastifyRequest, codes: string[]) => {
    const caller = requireCaller(req.caller);
    const query = req.query as Record<string, unknown>;
    const name = typeof query.name === 'string' ? query.name.trim() : '';
    const record = name !== '' ? await ops.detailBy(reportEntity, caller, 'name', name) : await ops.detail(reportEntity, caller, requireIds(parseIds(query.id))[0] as string);
    await requireAny(caller, codes);
    return { caller, name: String(record.name), ...(await populated(caller, checked(record.content, req.lang))) };
  };

  const download = (fileName: string) => `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`;
  const stamp = () => now().slice(0, 10).replaceAll('-', '');

  app.get(`${BASE}/urls`, {
    schema: { tags, summary: '(added) The report designer’s and viewer’s addresses (parameters report.designerUrl / report.previewUrl; a path is the built-in page)' },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await requireAny(caller, [CODES.menu, CODES.designer]);
    const read = async (key: string, fallback: string) => ((await params.get(caller.tenantId, key)) ?? '').trim() || fallback;
    return ok({
      designerUrl: await read('report.designerUrl', BUILT_IN_URLS.designerUrl),
      previewUrl: await read('report.previewUrl', BUILT_IN_URLS.previewUrl),
    }, req.lang);
  });

  app.get(`${BASE}/preview`, {
    schema: { tags, summary: '(added) Run a saved report for the caller: its table (every group, or a page of a listing) under the caller’s data scope and masking', querystring: whichReport },
  }, async (req) => {
    const { caller, name, report } = await saved(req, [CODES.view, CODES.design]);
    return ok(await runner.preview(caller, report, req.lang, name, pageOf(req.query as Record<string, unknown>)), req.lang);
  });

  app.post(`${BASE}/preview`, {
    schema: {
      tags, summary: '(added) Run a draft definition from the designer (not saved)',
      body: { type: 'object', required: ['content'], properties: { content: { description: 'the definition, as an object or its JSON text' }, current: { type: 'integer' }, size: { type: 'integer' } } },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await access.require(caller, CODES.design);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const { report } = await populated(caller, checked(body.content, req.lang));
    return ok(await runner.preview(caller, report, req.lang, null, pageOf(body)), req.lang);
  });

  app.get(`${BASE}/export-excel`, {
    schema: { tags, summary: '(added) A saved report as an .xlsx file: the preview’s table (a listing: every row, at most export.maxRows)', querystring: whichReport },
  }, async (req, reply) => {
    const { caller, name, report, also } = await saved(req, [CODES.view]);
    const fileName = `${name}-${stamp()}.xlsx`;
    reply.header('content-type', XLSX);
    reply.header('content-disposition', download(fileName));
    if (report.definition.groupBy.length > 0) {
      const preview = await runner.preview(caller, report, req.lang, name, { current: 1, size: 1 });
      return reply.send(await groupedWorkbook(name, preview, req.lang));
    }
    const max = await params.number(caller.tenantId, 'export.maxRows', EXPORT_MAX_ROWS);
    const file = await exportList(ops, report.entity, caller, report.definition.filters, req.lang, max, { columns: report.definition.columns, fields: runner.listFields(report), title: name, also });
    return reply.send(file.stream);
  });

  app.get(`${BASE}/export-pdf`, {
    schema: { tags, summary: `(added) A saved report as a PDF for printing (a listing: at most ${REPORT_LIMITS.pdfRows} rows)`, querystring: whichReport },
  }, async (req, reply) => {
    const { caller, name, report } = await saved(req, [CODES.view]);
    let table;
    if (report.definition.groupBy.length > 0) {
      table = await runner.preview(caller, report, req.lang, name, { current: 1, size: 1 });
    } else {
      const all = await runner.allListRows(caller, report, req.lang, REPORT_LIMITS.pdfRows);
      table = { columns: runner.listColumns(report, req.lang), rows: all.rows, totals: null, total: all.total };
    }
    const pdf = await renderPdf(reportDocument(name, table, req.lang, now()));
    reply.header('content-type', 'application/pdf');
    reply.header('content-disposition', download(`${name}-${stamp()}.pdf`));
    return reply.send(pdf);
  });
}
