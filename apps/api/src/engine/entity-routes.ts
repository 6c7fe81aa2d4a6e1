import {
  BASE_FIELDS, ENABLE_STATUS, FILTER_OPS, MSG, TREE_LIST_MAX_ROWS, examineStates, QUERYABLE_BASE_FIELDS, entityPath, parseIds, permissionCodes, submitJsonSchema,
  type EntityDef,
} from '@alumni/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CRYPTO_MSG, decryptJson, sendEncrypted } from '../core/body-crypto.js';
import { requireCaller } from '../core/caller.js';
import { ok } from '../core/envelope.js';
import { badRequest, notFound } from '../core/errors.js';
import { now } from '../core/time.js';
import { requireIds } from './entity-operations.js';
import { exportList } from './excel/entity-export.js';
import { registerBulkIdsCalls } from './bulk-ids.js';

/** The most rows one export writes, unless the tenant's parameter says otherwise. */
const EXPORT_MAX_ROWS = 50_000;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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

/** The documentation line of a call whose body may travel encrypted (PROTOCOL 9). */
const ENCRYPTED_BODY_NOTE = 'The body may be sent encrypted: `text/plain`, the Base64 of AES-CBC (PKCS#7, the key API_CRYPTO_KEY, the IV its first 16 bytes) over the JSON text; a plain JSON body is accepted too.';
/** The documentation line of a call whose answer is encrypted (PROTOCOL 9). */
const ENCRYPTED_ANSWER_NOTE = 'A successful answer is encrypted: `text/plain`, the Base64 of AES-CBC (PKCS#7, the key API_CRYPTO_KEY, the IV its first 16 bytes) over the JSON of R; failures stay plain JSON. A client that cannot decrypt may send `Blade-Crypto: plain` for plain JSON.';

/**
 * Registers the submit-like calls of an entity with encrypted bodies in a scope of their own, whose
 * `text/plain` parser decrypts and parses the body before every hook sees it (the input checks
 * included); a JSON body goes through the usual parser. A body that does not decrypt is a 400.
 */
function encryptedBodyRoutes(app: FastifyInstance, register: (scope: FastifyInstance) => void): void {
  app.register(async (scope) => {
    const key = scope.services.config.apiCryptoKey;
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
      try {
        done(null, decryptJson(String(body), key));
      } catch {
        done(badRequest(CRYPTO_MSG.badBody), undefined);
      }
    });
    register(scope);
  });
}

/** Registers the standard calls of an entity: list, detail, submit and remove. */
export function registerEntityRoutes(app: FastifyInstance, entity: EntityDef): void {
  const ops = app.services.operations;
  const tags = [tagOf(entity)];
  const crypto = entity.api?.crypto;
  const encrypts = (call: 'list' | 'detail') => crypto?.answers?.includes(call) === true;
  /** Sends a successful answer, encrypted when the entity declares the call's answers so. */
  const answer = (call: 'list' | 'detail', req: FastifyRequest, reply: FastifyReply, data: unknown) =>
    encrypts(call) ? sendEncrypted(reply, ok(data, req.lang), app.services.config.apiCryptoKey) : ok(data, req.lang);
  const list = entityPath(entity, 'list');
  // A tree-shaped list (`api.listShape`) answers the forest at `list` and the paged list at `page`.
  const paged = entityPath(entity, 'page');
  if (paged) {
    app.get(paged, {
      schema: {
        tags, summary: `List ${entity.label.en}, paged and filtered`, querystring: listQuerySchema(entity),
        ...(encrypts('list') ? { description: ENCRYPTED_ANSWER_NOTE } : {}),
      },
    }, async (req, reply) => answer('list', req, reply, await ops.listFromQuery(entity, callerOf(req), req.query as Record<string, unknown>)));
  }
  if (list && list !== paged) {
    const querystring = listQuerySchema(entity, {
      current: { type: 'string', description: 'ignored: the tree is not paged' },
      size: { type: 'string', description: 'ignored: the tree is not paged' },
    });
    app.get(list, {
      schema: {
        tags, querystring,
        summary: `The ${entity.label.en} rows matching the filters as a tree (not paged, at most ${TREE_LIST_MAX_ROWS} rows; children under their parents, sorted by sort)`,
        ...(encrypts('list') ? { description: ENCRYPTED_ANSWER_NOTE } : {}),
      },
    }, async (req, reply) => answer('list', req, reply, await ops.treeFromQuery(entity, callerOf(req), req.query as Record<string, unknown>)));
  }
  if (list && entity.excel?.export && entity.api) {
    app.get(`${entity.api.base}/export`, {
      schema: { tags, summary: `The ${entity.label.en} list as an .xlsx file: the list's filters, at most export.maxRows rows`, querystring: listQuerySchema(entity) },
    }, async (req, reply) => {
      const caller = callerOf(req);
      await ops.requireCode(caller, permissionCodes(entity).export);
      const max = await app.services.params.number(caller.tenantId, 'export.maxRows', EXPORT_MAX_ROWS);
      const file = await exportList(ops, entity, caller, req.query as Record<string, unknown>, req.lang, max);
      reply.header('content-type', XLSX);
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
      return reply.send(file.stream);
    });
  }
  const detail = entityPath(entity, 'detail');
  if (detail) {
    const key = entity.detailKey;
    // `detail/:id` names the row in the path (registrations), else the query carries `id`.
    const inPath = detail.endsWith('/:id');
    const querystring = key
      ? { type: 'object', properties: { [key]: { type: 'string' }, id: { type: 'string', description: `instead of ${key}` } } }
      : inPath ? { type: 'object', properties: {} } : { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] };
    app.get(detail, {
      schema: {
        tags, summary: `One ${entity.label.en} with display names${key ? `, by ${key} or id` : ''}`, querystring,
        ...(inPath ? { params: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } } : {}),
        ...(encrypts('detail') ? { description: ENCRYPTED_ANSWER_NOTE } : {}),
      },
    }, async (req, reply) => {
      const query = req.query as Record<string, unknown>;
      const keyValue = key ? query[key] : undefined;
      const caller = callerOf(req);
      const id = inPath ? (req.params as { id?: unknown }).id : query.id;
      const record = key && typeof keyValue === 'string' && keyValue !== ''
        ? await ops.detailBy(entity, caller, key, keyValue)
        : await ops.detail(entity, caller, requireIds(parseIds(id))[0] as string);
      return answer('detail', req, reply, record);
    });
  }
  const submit = entityPath(entity, 'submit');
  const update = entity.api?.update ? `${entity.api.base}/update` : null;
  const save = entity.api?.save ? `${entity.api.base}/save` : null;
  const writes = (scope: FastifyInstance) => {
    const encrypted = crypto?.body === true;
    const bodyDoc = encrypted
      ? { body: submitJsonSchema(entity), description: ENCRYPTED_BODY_NOTE }
      : { body: submitJsonSchema(entity) };
    if (submit) {
      scope.post(submit, { schema: { tags, summary: `Add (no id) or edit (with id) a ${entity.label.en}`, ...bodyDoc } },
        async (req) => {
          const several = ops.severalOf(entity, req.body);
          if (several) return ok(await ops.submitSeveral(entity, callerOf(req), several, req.lang) > 0, req.lang);
          return ok(await ops.submit(entity, callerOf(req), req.body, req.lang), req.lang);
        });
    }
    if (update) {
      scope.post(update, { schema: { tags, summary: `Edit a ${entity.label.en} (the body names it by id); only the fields sent change`, ...bodyDoc } },
        async (req) => {
          requireIds(parseIds((req.body as Record<string, unknown> | null)?.id));
          return ok(await ops.submit(entity, callerOf(req), req.body, req.lang), req.lang);
        });
    }
    if (save) {
      scope.post(save, { schema: { tags, summary: `Add a ${entity.label.en}; a body that names a row (id) is refused`, ...bodyDoc } },
        async (req) => {
          const id = (req.body as Record<string, unknown> | null)?.id;
          if (id !== undefined && id !== null && id !== '') throw badRequest(MSG.saveWithId);
          return ok(await ops.submit(entity, callerOf(req), req.body, req.lang), req.lang);
        });
    }
  };
  if (crypto?.body) encryptedBodyRoutes(app, writes);
  else writes(app);
  const rule = entity.examine;
  if (rule) {
    const states = examineStates(rule);
    const verdict = {
      type: 'object', required: ['ids', states.field],
      properties: {
        ids: { type: 'string', description: 'comma-joined ids' },
        [states.field]: { type: ['string', 'integer'], description: `${states.approved} approve, ${states.rejected} reject` },
        examineOpinion: { type: 'string', description: 'required (at least 2 characters) to reject' },
      },
    };
    const summary = `Examine ${entity.label.en} rows: approve (${states.approved}) or reject (${states.rejected}); each id on its own`;
    const examine = (req: FastifyRequest, input: Record<string, unknown>) =>
      ops.examine(entity, callerOf(req), requireIds(parseIds(input.ids)), input[states.field], input.examineOpinion, req.lang, input);
    if (rule.method === 'PUT') {
      app.put(rule.path, { schema: { tags, summary, body: verdict } }, async (req) =>
        ok(await examine(req, (req.body ?? {}) as Record<string, unknown>), req.lang));
    } else {
      app.get(rule.path, { schema: { tags, summary, querystring: verdict } }, async (req, reply) => {
        // A GET that changes data (the stock client's call): never cached, never prefetched.
        reply.header('cache-control', 'no-store');
        return ok(await examine(req, req.query as Record<string, unknown>), req.lang);
      });
    }
  }
  if (entity.api?.enable) registerEnableCalls(app, entity);
  registerBulkIdsCalls(app, entity);
  const remove = entityPath(entity, 'remove');
  if (remove) {
    app.post(remove, {
      schema: { tags, summary: `Logically delete ${entity.label.en} rows`, querystring: { type: 'object', properties: { ids: { type: 'string', description: 'comma-joined ids' }, id: { type: 'string', description: 'one id (instead of ids)' } } } },
    }, async (req) => {
      const query = req.query as Record<string, unknown>;
      const variant = ops.hooksOf(entity)?.removeVariant;
      if (variant && await variant(query, callerOf(req), req.lang)) return ok(true, req.lang);
      const list = requireIds(parseIds(query.ids ?? query.id));
      await ops.remove(entity, callerOf(req), list, req.lang);
      return ok(true, req.lang);
    });
  }
}

/** `PUT <base>/enable|disable?id=` of an entity with `api.enable`: the row's `status`, within the caller's data scope. */
function registerEnableCalls(app: FastifyInstance, entity: EntityDef): void {
  const { operations: ops, repository } = app.services;
  for (const [action, status] of [['enable', ENABLE_STATUS.enabled], ['disable', ENABLE_STATUS.disabled]] as const) {
    app.put(`${entity.api!.base}/${action}`, {
      schema: {
        tags: [tagOf(entity)], summary: `${action === 'enable' ? 'Enable' : 'Disable'} one ${entity.label.en} row (status ${status})`,
        querystring: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      },
    }, async (req) => {
      const caller = callerOf(req);
      await ops.requireCode(caller, permissionCodes(entity).enable);
      const id = requireIds(parseIds((req.query as { id?: unknown }).id))[0] as string;
      const scope = await ops.rowScope(entity, caller);
      const changed = await repository.update(entity, scope, id, { status, updateUser: caller.userId, updateTime: now() });
      if (changed === 0) throw notFound();
      return ok(true, req.lang);
    });
  }
}
