import {
  DEVELOP_MSG, DEVELOP_PATHS, PLATFORM_TENANT, datasourceEntity, modelEntity, modelPrototypeEntity, parseIds,
  type ModelPrototype, type SourceTableInfo,
} from '@alumni/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAnyMenu } from '../../access/require-any-menu.js';
import { requireCaller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest, notFound } from '../../core/errors.js';
import { requireIds } from '../../engine/entity-operations.js';
import { proposePrototypes } from './column-kinds.js';
import { connectionFailure, tryConnection, withConnection } from './connection-check.js';
import { datasourceSettings } from './datasource-settings.js';
import { submitPrototypeList } from './prototype-list.js';

const ALL = { tenantId: null };
const PLATFORM = { tenantId: PLATFORM_TENANT };
const modelTags = [`${modelEntity.label.en} (${modelEntity.label.zh})`];
const prototypeTags = [`${modelPrototypeEntity.label.en} (${modelPrototypeEntity.label.zh})`];

/** One id from the query parameter `name`, or a 400. */
const oneId = (req: FastifyRequest, name: string): string => {
  const [id] = requireIds(parseIds((req.query as Record<string, unknown>)[name]));
  return id as string;
};

/**
 * The data model calls beyond the entity's standard ones (BladeX's model controller): a data source's
 * tables and a table's structure, a model's fields (saved, or proposed from its table), saving a
 * model's fields at once, and the pickers of the model and code setting forms.
 */
export function registerModelRoutes(app: FastifyInstance): void {
  const { operations: ops, repository, access, database } = app.services;

  /** The settings of a data source, read for a caller who holds the model menu (they need not hold the data source menu). */
  const sourceOf = async (req: FastifyRequest, id: string) => {
    await ops.authoriseRead(modelEntity, requireCaller(req.caller));
    return datasourceSettings({ operations: ops, repository }, PLATFORM, id);
  };

  /** A table's structure, or a 400 when the data source has no such table. */
  const tableOf = async (req: FastifyRequest, datasourceId: string, tableName: string): Promise<SourceTableInfo> => {
    const settings = await sourceOf(req, datasourceId);
    const info = await withConnection(app.services.outbound, settings, req.lang, async (connection) => {
      try {
        return await connection.table(tableName);
      } catch (error) {
        throw connectionFailure(error, settings, req.lang);
      }
    });
    if (!info) throw badRequest(DEVELOP_MSG.tableMissing, { name: tableName });
    return info;
  };

  app.get(DEVELOP_PATHS.tableList, {
    schema: { tags: modelTags, summary: 'The tables of a data source, with their comments', querystring: { type: 'object', properties: { datasourceId: { type: 'string' } }, required: ['datasourceId'] } },
  }, async (req) => ok(await tryConnection(app.services.outbound, await sourceOf(req, oneId(req, 'datasourceId')), req.lang), req.lang));

  app.get(DEVELOP_PATHS.tableInfo, {
    schema: {
      tags: modelTags, summary: 'A table of a data source: its columns (type, nullable, key, default, comment, length) and indexes',
      querystring: { type: 'object', properties: { datasourceId: { type: 'string' }, tableName: { type: 'string' } }, required: ['datasourceId', 'tableName'] },
    },
  }, async (req) => {
    const tableName = String((req.query as Record<string, unknown>).tableName ?? '').trim();
    if (!tableName) throw badRequest(DEVELOP_MSG.tableMissing, { name: '' });
    return ok(await tableOf(req, oneId(req, 'datasourceId'), tableName), req.lang);
  });

  app.get(DEVELOP_PATHS.modelPrototype, {
    schema: {
      tags: modelTags, summary: "A model's fields: the saved ones in order, or (none saved, or `fresh=1`) those proposed from its table's columns, without ids",
      querystring: { type: 'object', properties: { modelId: { type: 'string' }, fresh: { type: 'string', description: '*(added)* 1: propose from the table even when fields are saved' } }, required: ['modelId'] },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await ops.authoriseRead(modelEntity, caller);
    const model = await repository.findById(modelEntity, ALL, oneId(req, 'modelId'));
    if (!model) throw notFound();
    const saved = await repository.all(modelPrototypeEntity, ALL, [{ field: 'modelId', op: 'equal', value: String(model.id) }]);
    const fresh = (req.query as Record<string, unknown>).fresh === '1';
    if (saved.length > 0 && !fresh) return ok(saved, req.lang);
    const table = await tableOf(req, String(model.datasourceId), String(model.modelTable));
    return ok(proposePrototypes(String(model.id), table) satisfies ModelPrototype[], req.lang);
  });

  app.post(DEVELOP_PATHS.prototypeSubmitList, {
    schema: {
      tags: prototypeTags, summary: "Saves a model's whole design at once: fields with an id are edited, without one added, the model's others removed (model_design)",
      body: { type: 'array', items: { type: 'object' } },
    },
  }, async (req) => ok(await submitPrototypeList({ db: database.db, operations: ops, repository, access }, requireCaller(req.caller), req.body, req.lang) > 0, req.lang));

  app.get(DEVELOP_PATHS.prototypeSelect, {
    schema: { tags: prototypeTags, summary: "A model's fields for pickers: id, column, property and labels", querystring: { type: 'object', properties: { modelId: { type: 'string' } }, required: ['modelId'] } },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    ops.scopeOf(modelPrototypeEntity, caller);
    await requireAnyMenu(app, caller, ['model', 'code']);
    const rows = await repository.all(modelPrototypeEntity, ALL, [{ field: 'modelId', op: 'equal', value: oneId(req, 'modelId') }]);
    return ok(rows.map((r) => ({ id: r.id, jdbcName: r.jdbcName, propertyName: r.propertyName, comment: r.comment, commentEn: r.commentEn, propertyType: r.propertyType })), req.lang);
  });

  app.get(DEVELOP_PATHS.modelSelect, { schema: { tags: modelTags, summary: 'The models for pickers: id, name, code, table' } }, async (req) => {
    const caller = requireCaller(req.caller);
    ops.scopeOf(modelEntity, caller);
    await requireAnyMenu(app, caller, ['model', 'code']);
    const rows = await repository.all(modelEntity, ALL, [], [{ field: 'modelName', desc: false }]);
    return ok(rows.map((r) => ({ id: r.id, modelName: r.modelName, modelCode: r.modelCode, modelTable: r.modelTable, datasourceId: r.datasourceId })), req.lang);
  });

  app.get(DEVELOP_PATHS.datasourceSelect, { schema: { tags: [`${datasourceEntity.label.en} (${datasourceEntity.label.zh})`], summary: 'The data sources for pickers: id and name' } }, async (req) => {
    const caller = requireCaller(req.caller);
    ops.scopeOf(datasourceEntity, caller);
    await requireAnyMenu(app, caller, ['datasource', 'model']);
    const rows = await repository.all(datasourceEntity, ALL, [], [{ field: 'name', desc: false }]);
    return ok(rows.map((r) => ({ id: r.id, name: r.name })), req.lang);
  });
}
