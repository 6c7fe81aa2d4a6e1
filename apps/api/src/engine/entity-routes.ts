import {
  BASE_FIELDS, FILTER_OPS, QUERYABLE_BASE_FIELDS, entityPath, parseIds, submitJsonSchema,
  type EntityDef,
} from '@alumni/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCaller } from '../core/caller.js';
import { ok } from '../core/envelope.js';
import { requireIds } from './entity-operations.js';

const callerOf = (req: FastifyRequest) => requireCaller(req.caller);

/** The query-string documentation of an entity's list call. */
export function listQuerySchema(entity: EntityDef, extra: Record<string, unknown> = {}) {
  const properties: Record<string, unknown> = {
    current: { type: 'integer', minimum: 1, default: 1, description: 'page, 1-based' },
    size: { type: 'integer', minimum: 1, maximum: 1000, default: 10 },
    ascs: { type: 'string', description: 'comma-joined fields, ascending' },
    descs: { type: 'string', description: 'comma-joined fields, descending' },
    ...extra,
  };
  const fields = [...Object.keys(entity.fields), ...QUERYABLE_BASE_FIELDS];
  for (const name of fields) {
    const field = entity.fields[name] ?? BASE_FIELDS[name as keyof typeof BASE_FIELDS];
    properties[name] = { type: 'string', description: `${field.label.zh} / ${field.label.en}; also ${name}_{${FILTER_OPS.join('|')}}` };
  }
  return { type: 'object', properties, additionalProperties: true };
}

const tagOf = (entity: EntityDef) => `${entity.label.en} (${entity.label.zh})`;

/** Registers the standard calls of an entity: list, detail, submit and remove. */
export function registerEntityRoutes(app: FastifyInstance, entity: EntityDef): void {
  const ops = app.services.operations;
  const tags = [tagOf(entity)];
  const list = entityPath(entity, 'list');
  if (list) {
    app.get(list, { schema: { tags, summary: `List ${entity.label.en}, paged and filtered`, querystring: listQuerySchema(entity) } },
      async (req) => ok(await ops.listFromQuery(entity, callerOf(req), req.query as Record<string, unknown>), req.lang));
  }
  const detail = entityPath(entity, 'detail');
  if (detail) {
    const key = entity.detailKey;
    const querystring = key
      ? { type: 'object', properties: { [key]: { type: 'string' }, id: { type: 'string', description: `instead of ${key}` } } }
      : { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] };
    app.get(detail, {
      schema: { tags, summary: `One ${entity.label.en} with display names${key ? `, by ${key} or id` : ''}`, querystring },
    }, async (req) => {
      const query = req.query as Record<string, unknown>;
      const keyValue = key ? query[key] : undefined;
      if (key && typeof keyValue === 'string' && keyValue !== '') {
        return ok(await ops.detailBy(entity, callerOf(req), key, keyValue), req.lang);
      }
      const [id] = requireIds(parseIds(query.id));
      return ok(await ops.detail(entity, callerOf(req), id as string), req.lang);
    });
  }
  const submit = entityPath(entity, 'submit');
  if (submit) {
    app.post(submit, { schema: { tags, summary: `Add (no id) or edit (with id) a ${entity.label.en}`, body: submitJsonSchema(entity) } },
      async (req) => ok(await ops.submit(entity, callerOf(req), req.body, req.lang), req.lang));
  }
  const remove = entityPath(entity, 'remove');
  if (remove) {
    app.post(remove, {
      schema: { tags, summary: `Logically delete ${entity.label.en} rows`, querystring: { type: 'object', properties: { ids: { type: 'string', description: 'comma-joined ids' } }, required: ['ids'] } },
    }, async (req) => {
      const list = requireIds(parseIds((req.query as Record<string, unknown>).ids));
      await ops.remove(entity, callerOf(req), list, req.lang);
      return ok(true, req.lang);
    });
  }
}
