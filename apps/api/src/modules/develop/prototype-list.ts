import { DEVELOP_MSG, MSG, modelEntity, modelPrototypeEntity, parseSubmit, type Lang } from '@alumni/domain';
import type { AccessService } from '../../access/access-service.js';
import type { Caller } from '../../core/caller.js';
import { badRequest, invalidFields, notFound } from '../../core/errors.js';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import type { EntityOperations } from '../../engine/entity-operations.js';
import type { EntityRepository } from '../../engine/entity-repository.js';

const ALL = { tenantId: null };

/** The button that saves a model's design. */
export const DESIGN_CODE = 'model_design';

/**
 * Saves a model's fields as the design dialog holds them, in one transaction: the list is the whole
 * design, so rows with an id are edited, rows without are added and the model's other fields are
 * removed. Every row is checked as submit checks one (its model, shapes, uniqueness); any refusal
 * writes nothing. Answers how many fields the model now has.
 */
export async function submitPrototypeList(
  deps: { db: Db; operations: EntityOperations; repository: EntityRepository; access: AccessService },
  caller: Caller, body: unknown, lang: Lang,
): Promise<number> {
  const { operations: ops, repository, access } = deps;
  ops.scopeOf(modelPrototypeEntity, caller);
  await access.require(caller, DESIGN_CODE);
  const rows = Array.isArray(body) ? body.filter((r): r is Record<string, unknown> => !!r && typeof r === 'object' && !Array.isArray(r)) : [];
  if (rows.length === 0 || rows.length !== (body as unknown[]).length) throw badRequest(DEVELOP_MSG.prototypesEmpty);
  if (rows.length > 500) throw badRequest(MSG.badRequest);
  const modelIds = new Set(rows.map((r) => String(r.modelId ?? '')));
  const [modelId] = [...modelIds];
  if (modelIds.size !== 1 || !modelId) throw badRequest(DEVELOP_MSG.prototypesOneModel);
  if (!(await repository.findById(modelEntity, ALL, modelId))) throw badRequest(DEVELOP_MSG.modelMissing);
  for (const key of ['jdbcName', 'propertyName'] as const) {
    const seen = new Set<string>();
    for (const row of rows) {
      const value = String(row[key] ?? '');
      if (seen.has(value)) throw badRequest(key === 'jdbcName' ? DEVELOP_MSG.duplicateColumn : DEVELOP_MSG.duplicateProperty, { name: value });
      seen.add(value);
    }
  }
  const parsed = rows.map((row) => {
    const result = parseSubmit(modelPrototypeEntity, row, lang);
    if (!result.ok) throw invalidFields(Object.fromEntries(Object.entries(result.errors).map(([k, v]) => [k, `${String(row.jdbcName ?? '')}: ${v}`])));
    return { row, parsed: { id: result.id, values: result.values } };
  });
  // Read before the transaction opens (SQLite's one connection is the transaction's).
  const stored = await repository.all(modelPrototypeEntity, ALL, [{ field: 'modelId', op: 'equal', value: modelId }]);
  const storedIds = new Set(stored.map((r) => String(r.id)));
  if (parsed.some((p) => p.parsed.id && !storedIds.has(p.parsed.id))) throw notFound();
  const kept = new Set(parsed.flatMap((p) => (p.parsed.id ? [p.parsed.id] : [])));
  const dropped = [...storedIds].filter((id) => !kept.has(id));
  const plan = await ops.planWrite(modelPrototypeEntity, caller, lang);
  await deps.db.transaction().execute(async (tx) => {
    if (dropped.length > 0) await repository.softDelete(modelPrototypeEntity, plan.scope, dropped, { updateUser: caller.userId, updateTime: now() }, tx);
    // A new field takes the model of the list (a create-only field edits never change).
    for (const p of parsed) await ops.writeRow(plan, tx, { id: p.parsed.id, values: p.parsed.id ? p.parsed.values : { ...p.parsed.values, modelId } }, p.row);
  });
  plan.hooks?.afterCommit?.();
  return parsed.length;
}
