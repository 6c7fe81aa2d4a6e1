import { FIELD_PERMISSION_MSG, entityByName, parseIds, permissionCodes, t, type EntityDef, type IdsField } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../core/caller.js';
import { ok } from '../core/envelope.js';
import { AppError, badRequest } from '../core/errors.js';
import { now } from '../core/time.js';
import { requireIds } from './entity-operations.js';

export const BULK_IDS_MSG = {
  noValues: t('请选择{label}', 'Please select the {label}'),
  badValues: t('{label}不存在或已删除：{values}', 'No such {label} (or it was removed): {values}'),
} as const;

/** What a bulk call did: rows whose field changed, rows that already were so, and ids it could not touch. */
export interface BulkIdsAnswer { changed: number; unchanged: number; missing: number }

/** The ids a field holds (comma-joined), in stored order. */
const held = (value: unknown): string[] =>
  value === null || value === undefined ? [] : String(value).split(',').map((s) => s.trim()).filter(Boolean);

/**
 * `POST <base>/<field>/add` and `…/remove` of every `ids` field declaring `bulk` (an alumnus's tags):
 * the selected rows (`ids`) take the `values` into the field or lose them, under the entity's edit
 * code. Each value must name a row of the field's entity in the caller's tenant (else 400, nothing
 * written); rows of another tenant or outside the caller's data scope are not touched and counted as
 * missing; a row that already holds (or lacks) every value is left as it is. One transaction, each
 * changed row with its audit entry.
 */
export function registerBulkIdsCalls(app: FastifyInstance, entity: EntityDef): void {
  const base = entity.api?.base;
  if (!base) return;
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.kind !== 'ids' || !(field as IdsField).bulk) continue;
    const target = (field as IdsField).ref ? entityByName((field as IdsField).ref as string) : null;
    for (const action of ['add', 'remove'] as const) {
      app.post(`${base}/${name}/${action}`, {
        schema: {
          tags: [`${entity.label.en} (${entity.label.zh})`],
          summary: `${action === 'add' ? 'Adds' : 'Removes'} ${field.label.en} ${action === 'add' ? 'to' : 'from'} the selected ${entity.label.en} rows; answers {changed, unchanged, missing}`,
          body: {
            type: 'object', required: ['ids', 'values'],
            properties: {
              ids: { type: 'string', description: 'comma-joined row ids (at most 1000)' },
              values: { type: 'string', description: `comma-joined ids of ${field.label.en}` },
            },
          },
        },
      }, async (req) => {
        const caller = requireCaller(req.caller);
        const { operations: ops, repository, database } = app.services;
        await ops.requireCode(caller, permissionCodes(entity).edit);
        // A field hidden from the caller or read-only for it is not changed in bulk either (decisions 320–322).
        const view = await ops.fieldView(entity, caller);
        if (view.hidden.has(name) || view.readonly.has(name)) throw new AppError(403, FIELD_PERMISSION_MSG.hiddenBulk, { label: field.label[req.lang] });
        const body = (req.body ?? {}) as Record<string, unknown>;
        const rowIds = requireIds(parseIds(body.ids));
        const values = parseIds(body.values);
        if (!values) throw badRequest(BULK_IDS_MSG.noValues, { label: field.label[req.lang] });
        if (target) {
          const found = new Set((await repository.findByIds(target, ops.scopeOf(target, caller, 'read'), values)).map((r) => String(r.id)));
          const unknown = values.filter((v) => !found.has(v));
          if (unknown.length > 0) throw badRequest(BULK_IDS_MSG.badValues, { label: field.label[req.lang], values: unknown.join(',') });
        }
        const answer: BulkIdsAnswer = { changed: 0, unchanged: 0, missing: 0 };
        await database.db.transaction().execute(async (tx) => {
          const scope = await ops.rowScope(entity, caller, tx);
          const rows = await repository.findByIds(entity, scope, rowIds, tx);
          answer.missing = rowIds.length - rows.length;
          const time = now();
          for (const row of rows) {
            const before = held(row[name]);
            const after = action === 'add'
              ? [...before, ...values.filter((v) => !before.includes(v))]
              : before.filter((v) => !values.includes(v));
            if (after.length === before.length) {
              answer.unchanged += 1;
              continue;
            }
            await ops.updateAudited(caller, entity, scope, row, { [name]: after.length ? after.join(',') : null, updateUser: caller.userId, updateTime: time }, tx);
            answer.changed += 1;
          }
        });
        return ok(answer, req.lang);
      });
    }
  }
}
