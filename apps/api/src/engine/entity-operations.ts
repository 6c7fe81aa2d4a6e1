import {
  MSG, PLATFORM_TENANT, SECRET_MASK, displayNameKey, parseListQuery, parseSubmit, permissionCodes,
  type Condition, type EntityDef, type Lang, type ListQuery, type Page,
} from '@alumni/domain';
import type { AccessService } from '../access/access-service.js';
import type { ScopeService } from '../access/scope-service.js';
import type { Caller } from '../core/caller.js';
import { badRequest, forbidden, invalidFields, notFound } from '../core/errors.js';
import { ids } from '../core/ids.js';
import { now } from '../core/time.js';
import type { Db } from '../db/database.js';
import type { JsonRecord } from '../db/row-mapping.js';
import type { DictionaryLabels } from './dictionary-labels.js';
import type { EntityHooks, WriteContext } from './entity-hooks.js';
import type { EntityRepository, RowScope } from './entity-repository.js';

const YES_NO: Record<string, string> = { '0': '否', '1': '是' };

/**
 * The operations every entity offers: they authorise, run the entity's hooks and write inside one
 * transaction. Handlers only parse and answer; the repository only speaks SQL.
 */
export class EntityOperations {
  constructor(
    private readonly db: Db,
    private readonly repository: EntityRepository,
    private readonly access: AccessService,
    private readonly labels: DictionaryLabels,
    private readonly hooks: ReadonlyMap<string, EntityHooks>,
    private readonly scopes: ScopeService,
  ) {}

  /**
   * The tenant's rows a caller may touch (platform-wide tables belong to the platform tenant
   * alone), without the data scope: for checks that touch no rows of the entity.
   */
  scopeOf(entity: EntityDef, caller: Caller, purpose: 'read' | 'write' = 'write'): RowScope {
    if (entity.scope === 'platform') {
      // Reference data (`readByEveryTenant`, e.g. regions) is read by every tenant, written by 000000 alone.
      const sharedRead = purpose === 'read' && entity.readByEveryTenant === true;
      if (caller.tenantId !== PLATFORM_TENANT && !sharedRead) throw forbidden();
      return { tenantId: null };
    }
    return { tenantId: caller.tenantId };
  }

  /**
   * The rows a caller may touch: the tenant's, narrowed by the caller's data scope on the entity's
   * menu. Every read and write of rows goes through it; rows outside it are "not found".
   */
  async rowScope(entity: EntityDef, caller: Caller, db?: Db, purpose: 'read' | 'write' = 'write'): Promise<RowScope> {
    const scope = this.scopeOf(entity, caller, purpose);
    return { ...scope, data: await this.scopes.dataFilter(entity, caller, db) };
  }

  async authoriseRead(entity: EntityDef, caller: Caller): Promise<RowScope> {
    this.scopeOf(entity, caller, 'read');
    await this.access.require(caller, permissionCodes(entity).menu);
    return this.rowScope(entity, caller, undefined, 'read');
  }

  async list(entity: EntityDef, caller: Caller, query: ListQuery, extra: Condition[] = []): Promise<Page<JsonRecord>> {
    const scope = await this.authoriseRead(entity, caller);
    const { records, total } = await this.repository.page(entity, scope, query, extra);
    await this.withDisplayNames(entity, caller, records);
    return { records, total, size: query.size, current: query.current, pages: Math.ceil(total / query.size) };
  }

  /** A list call's raw query: the entity's fields, and the extra parameters its hooks declare. */
  async listFromQuery(entity: EntityDef, caller: Caller, raw: Record<string, unknown>): Promise<Page<JsonRecord>> {
    const params = this.hooks.get(entity.name)?.listParams ?? {};
    const query = parseListQuery(entity, raw, new Set(Object.keys(params)));
    const extra: Condition[] = [];
    for (const [name, conditions] of Object.entries(params)) {
      const value = raw[name];
      if (value !== undefined && value !== '') extra.push(...(await conditions(String(value), caller)));
    }
    return this.list(entity, caller, query, extra);
  }

  async detail(entity: EntityDef, caller: Caller, id: string): Promise<JsonRecord> {
    const scope = await this.authoriseRead(entity, caller);
    const record = await this.repository.findById(entity, scope, id);
    if (!record) throw notFound();
    await this.withDisplayNames(entity, caller, [record]);
    return record;
  }

  /** The live row whose unique field `field` (the definition's `detailKey`) holds `value`. */
  async detailBy(entity: EntityDef, caller: Caller, field: string, value: string): Promise<JsonRecord> {
    const scope = await this.authoriseRead(entity, caller);
    const [record] = await this.repository.all(entity, scope, [{ field, op: 'equal', value }], [], 1);
    if (!record) throw notFound();
    await this.withDisplayNames(entity, caller, [record]);
    return record;
  }

  async submit(entity: EntityDef, caller: Caller, body: unknown, lang: Lang): Promise<JsonRecord> {
    this.scopeOf(entity, caller);
    const parsed = parseSubmit(entity, body, lang);
    const codes = permissionCodes(entity);
    await this.access.require(caller, parsed.id ? codes.edit : codes.add);
    const scope = await this.rowScope(entity, caller);
    if (!parsed.ok) throw invalidFields(parsed.errors);
    if (parsed.id) keepStoredSecrets(entity, parsed.values);
    const hooks = this.hooks.get(entity.name);
    const saved = await this.db.transaction().execute(async (tx) => {
      const ctx: WriteContext = { entity, caller, lang, scope, db: tx, repository: this.repository };
      const existing = parsed.id ? await this.repository.findById(entity, scope, parsed.id, tx) : null;
      if (parsed.id && !existing) throw notFound();
      const values = parsed.values;
      await hooks?.beforeSave?.(ctx, values, existing);
      await this.checkUnique(ctx, values, existing);
      const stamp = now();
      const audit = { updateUser: caller.userId, updateTime: stamp };
      let id: string;
      if (existing) {
        id = existing.id as string;
        await this.repository.update(entity, scope, id, { ...values, ...audit }, tx);
      } else {
        id = ids.next();
        await this.repository.insert(entity, {
          tenantId: entity.scope === 'tenant' ? caller.tenantId : PLATFORM_TENANT, ...values, ...audit, id,
          createUser: caller.userId, createDept: caller.deptId, createTime: stamp, status: 1, isDeleted: 0,
        }, tx);
      }
      // The row as written must still be inside the caller's data scope (departments read afresh:
      // a new department below the caller's own is inside it); else the write is undone.
      const record = await this.repository.findById(entity, scope.data ? await this.rowScope(entity, caller, tx) : scope, id, tx);
      if (!record) throw scope.data && !existing ? forbidden() : notFound();
      await hooks?.afterSave?.(ctx, record, existing);
      return record;
    });
    hooks?.afterCommit?.();
    await this.withDisplayNames(entity, caller, [saved]);
    return saved;
  }

  async remove(entity: EntityDef, caller: Caller, idList: string[], lang: Lang): Promise<void> {
    this.scopeOf(entity, caller);
    await this.access.require(caller, permissionCodes(entity).remove);
    const scope = await this.rowScope(entity, caller);
    const hooks = this.hooks.get(entity.name);
    const removed = await this.db.transaction().execute(async (tx) => {
      const rows = await this.repository.findByIds(entity, scope, idList, tx);
      if (rows.length !== idList.length) throw notFound();
      await hooks?.beforeRemove?.({ entity, caller, lang, scope, db: tx, repository: this.repository }, rows);
      await this.repository.softDelete(entity, scope, idList, { updateUser: caller.userId, updateTime: now() }, tx);
      return rows;
    });
    hooks?.afterCommit?.();
    await hooks?.afterRemove?.(removed);
  }

  private async checkUnique(ctx: WriteContext, values: Record<string, unknown>, existing: JsonRecord | null) {
    for (const rule of ctx.entity.unique ?? []) {
      const probe: Record<string, unknown> = {};
      for (const field of rule.fields) probe[field] = field in values ? values[field] : (existing?.[field] ?? null);
      if (await this.repository.exists(ctx.entity, ctx.scope, probe, existing ? String(existing.id) : null, ctx.db)) {
        const value = rule.fields.map((f) => String(probe[f] ?? '')).join(' / ');
        throw badRequest(rule.message, { value }, { errors: { [rule.fields[0] ?? 'id']: rule.message[ctx.lang].replace('{value}', value) } });
      }
    }
  }

  /** Adds `xxxName` beside every dictionary and yes/no field and masks secret fields. */
  async withDisplayNames(entity: EntityDef, caller: Caller, records: JsonRecord[]): Promise<void> {
    if (records.length === 0) return;
    this.hooks.get(entity.name)?.present?.(records);
    for (const [name, field] of Object.entries(entity.fields)) {
      if (field.secret) {
        for (const r of records) if (r[name] !== null && r[name] !== undefined) r[name] = SECRET_MASK;
      } else if (field.kind === 'flag') {
        for (const r of records) r[displayNameKey(name)] = r[name] === null ? null : (YES_NO[String(r[name])] ?? null);
      } else if (field.kind === 'dict') {
        const labels = await this.labels.labels(field.source, caller.tenantId, field.dict);
        for (const r of records) r[displayNameKey(name)] = r[name] === null ? null : (labels.get(String(r[name])) ?? null);
      }
    }
  }

}

/** An update that sends a secret field empty or still masked keeps the stored value. */
function keepStoredSecrets(entity: EntityDef, values: Record<string, unknown>): void {
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.secret && (values[name] === null || values[name] === SECRET_MASK)) delete values[name];
  }
}

export const requireIds = (list: string[] | null): string[] => {
  if (!list) throw badRequest(MSG.badIds);
  return list;
};
