import {
  MSG, PLATFORM_TENANT, SECRET_MASK, type AuditAction, SENSITIVE_MSG, SENSITIVE_VIEW, displayNameKey, looksMasked, maskSensitive, checkedCondition, parseListQuery, parseSubmit,
  permissionCodes, sensitiveFields, dictKeys, TREE_LIST_MAX_ROWS, type PersonalAccessKind,
  type Condition, type EntityDef, type Lang, type ListQuery, type Page, type SubmitValues,
} from '@alumni/domain';
import type { AccessService } from '../access/access-service.js';
import type { FieldView } from '../access/field-permissions.js';
import type { ScopeService } from '../access/scope-service.js';
import type { Caller } from '../core/caller.js';
import { badRequest, forbidden, invalidFields, notFound } from '../core/errors.js';
import { ids } from '../core/ids.js';
import { now } from '../core/time.js';
import type { Db } from '../db/database.js';
import { rowToRecord, valuesToColumns, type JsonRecord } from '../db/row-mapping.js';
import type { DictionaryLabels } from './dictionary-labels.js';
import type { EntityHooks, WriteContext } from './entity-hooks.js';
import type { AggregateGroup, AggregateMeasure, AggregateRow, Companion, EntityRepository, RowScope } from './entity-repository.js';
import type { EntityNumbers } from './numbering/entity-numbers.js';
import { failureMessage, type ExamineResult, type Examination } from './examination/examination.js';
import type { PlanReads } from './plan-reads.js';
import { addReferenceNames } from './reference-names.js';
import { sanitizeRichText } from './rich-text.js';
import { AuditBatch, type AuditTrail } from './audit/audit-trail.js';
import type { PersonalAccessLog } from './personal-access/personal-access-log.js';
import { buildTree, markHasChildren } from '../core/tree.js';
import { checkFieldWrites, refuseHiddenQuery, withoutHiddenFields } from './field-rules.js';

const YES_NO: Record<string, string> = { '0': '否', '1': '是' };

/** The shared part of one caller's writes of one entity (see `planWrite`). */
export interface WritePlan {
  entity: EntityDef;
  caller: Caller;
  lang: Lang;
  scope: RowScope;
  hooks: EntityHooks | undefined;
  writeHooks: EntityHooks[];
  /** The caller's permission codes, read with the plan. */
  codes: ReadonlySet<string>;
  /** The server's own write inside another (see `systemPlan`). */
  system?: boolean;
  /** Rows that come from an import sheet (a study record's source is then 批量导入). */
  via?: 'import';
  /** Reads of unchanging rows, kept while the plan lives (see `readOnce`). */
  reads: PlanReads;
  /** The caller's hidden and read-only fields of the entity (decisions 320–322); none for the server's own writes. */
  fields?: FieldView;
  /**
   * A field whose uniqueness the writer has already established for every row it writes (an
   * import's natural key, read once for the whole file): its unique rule is not checked again.
   */
  uniqueBy?: string;
  /**
   * The audit rows of the plan's writes, inserted together by whoever made the plan (an import's
   * chunk, several rows of one submit); without it each write inserts its own row at once.
   */
  audit?: AuditBatch;
}

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
    private readonly numbers: EntityNumbers,
    private readonly examination: Examination,
    /** The audit trail of every write; null only where a benchmark measures writes without it. */
    private readonly audit: AuditTrail | null = null,
    /** The writer of the personal-data access report (decision 302); null where nothing is recorded. */
    private readonly personalAccess: PersonalAccessLog | null = null,
  ) {}

  /** A batch for the audit rows of many writes made together (see `WritePlan.audit`), or none without an audit trail. */
  auditBatch(): AuditBatch | undefined {
    return this.audit ? new AuditBatch(this.audit) : undefined;
  }

  /** Records a write in the audit trail inside its transaction `db` (or in the plan's batch). */
  private async audited(plan: Pick<WritePlan, 'caller' | 'entity' | 'audit'>, db: Db, action: AuditAction,
    before: JsonRecord | null, after: Readonly<Record<string, unknown>> | null): Promise<void> {
    const companion = this.auditCompanion(plan, action, before, after);
    if (companion) await companion.writeSeparately(db);
  }

  /**
   * The audit row of a write, to be written with it (see `EntityRepository.withCompanion`); none
   * when the plan batches its rows (the row joins the batch) or the write changed nothing.
   */
  private auditCompanion(plan: Pick<WritePlan, 'caller' | 'entity' | 'audit'>, action: AuditAction,
    before: JsonRecord | null, after: Readonly<Record<string, unknown>> | null): Companion | undefined {
    const row = this.audit?.entry(plan.caller, plan.entity, action, before, after);
    if (!row) return undefined;
    if (plan.audit) {
      plan.audit.add(row);
      return undefined;
    }
    return (this.audit as AuditTrail).companion([row]);
  }

  /**
   * Writes `values` over the stored row `before` inside `tx`, outside submit (a change a route or a
   * hook makes by its own rules: a card suspended, a card issued on approval), with the write's
   * audit row: who, when, and each field's value before and after.
   */
  async updateAudited(caller: Caller, entity: EntityDef, scope: RowScope, before: JsonRecord, values: Record<string, unknown>, tx: Db): Promise<void> {
    const audited = this.auditCompanion({ caller, entity }, 'update', before, { ...before, ...values });
    await this.repository.update(entity, scope, String(before.id), values, tx, audited);
  }

  /** The hooks a write runs: the shared examination rules first (when examined), then the entity's own. */
  private async writeHooks(entity: EntityDef, caller: Caller): Promise<EntityHooks[]> {
    const own = this.hooks.get(entity.name);
    const shared = entity.examine
      ? this.examination.hooks(entity.examine, await this.examination.canExamine(caller, entity.examine))
      : undefined;
    return [shared, own].filter((h): h is EntityHooks => h !== undefined);
  }

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
    // An examined entity is read from its own menu or from its examine screen's.
    // An entity may also be read from the menus it names (a survey's questions from the questionnaire's).
    const menus = [permissionCodes(entity).menu, ...(entity.examine ? [entity.examine.menu] : []), ...(entity.readMenus ?? [])];
    if (!(await this.canAny(caller, menus))) throw forbidden();
    return this.rowScope(entity, caller, undefined, 'read');
  }

  /** Refuses (403) a caller whose roles do not hold a button code (an export). */
  async requireCode(caller: Caller, code: string): Promise<void> {
    if (!(await this.access.can(caller, code))) throw forbidden();
  }

  private async canAny(caller: Caller, codes: string[]): Promise<boolean> {
    for (const code of codes) if (await this.access.can(caller, code)) return true;
    return false;
  }

  /**
   * A page of rows. `access` is how an unmasked answer is recorded in the personal-data access
   * report (a list, by default); null records nothing, for a caller that records the read itself
   * (an export, once for the whole file).
   */
  async list(entity: EntityDef, caller: Caller, query: ListQuery, extra: Condition[] = [], access: AccessNote | null = { kind: 'list' }): Promise<Page<JsonRecord>> {
    const scope = await this.authoriseRead(entity, caller);
    const { records, total } = await this.repository.page(entity, scope, query, extra);
    await this.withDisplayNames(entity, caller, records, access);
    this.hooks.get(entity.name)?.presentList?.(records);
    return { records, total, size: query.size, current: query.current, pages: Math.ceil(total / query.size) };
  }

  /**
   * Grouped figures of the rows a caller may read (reports): the entity's menu is required and the
   * caller's data scope applies, as for its list; conditions are the list's own.
   */
  async aggregate(entity: EntityDef, caller: Caller, conditions: Condition[], groups: readonly AggregateGroup[], measures: readonly AggregateMeasure[], limit: number): Promise<AggregateRow[]> {
    const scope = await this.authoriseRead(entity, caller);
    return this.repository.aggregate(entity, scope, conditions, groups, measures, limit);
  }

  /** A list call's raw query: the entity's fields, and the extra parameters its hooks declare. */
  async listFromQuery(
    entity: EntityDef, caller: Caller, raw: Record<string, unknown>, access: AccessNote | null = { kind: 'list', filter: raw }, also: readonly Condition[] = [],
  ): Promise<Page<JsonRecord>> {
    const { query, extra } = await this.parsedList(entity, caller, raw);
    return this.list(entity, caller, query, [...extra, ...also], access);
  }

  /**
   * How many rows a list call's raw query matches for the caller: the list's own count (the same
   * filters, tenant and data scope), without reading a page (a saved segment's member count).
   */
  async countFromQuery(entity: EntityDef, caller: Caller, raw: Record<string, unknown>): Promise<number> {
    const scope = await this.authoriseRead(entity, caller);
    const { query, extra } = await this.parsedList(entity, caller, raw);
    return this.repository.count(entity, scope, query, extra);
  }

  /**
   * The conditions of a list call's raw query for the caller (its filters and the parameters its hooks
   * declare), checked as the list checks them: what a saved segment's members are read by.
   */
  async listConditions(entity: EntityDef, caller: Caller, raw: Record<string, unknown>): Promise<Condition[]> {
    const { query, extra } = await this.parsedList(entity, caller, raw);
    return [...query.conditions, ...extra];
  }

  private async parsedList(entity: EntityDef, caller: Caller, raw: Record<string, unknown>): Promise<{ query: ListQuery; extra: Condition[] }> {
    const params = this.hooks.get(entity.name)?.listParams ?? {};
    const query = parseListQuery(entity, raw, new Set(Object.keys(params)));
    refuseHiddenQuery(entity, query, await this.fieldView(entity, caller));
    const extra: Condition[] = [];
    for (const [name, conditions] of Object.entries(params)) {
      const value = raw[name];
      if (value !== undefined && value !== '') extra.push(...(await conditions(String(value), caller)).map((c) => checkedCondition(entity, c, name)));
    }
    return { query, extra };
  }

  /**
   * A tree-shaped list call (`api.listShape: 'tree'`, BladeX's ForestNodeMerger): the rows the
   * paged list would answer for the same filters — the same query, tenant and data scope — but
   * unpaged (`current` and `size` are ignored), at most TREE_LIST_MAX_ROWS of them in sort order
   * (`sort` ascending where the entity has it, unless the query sorts), merged into a forest: each
   * row under its parent when the parent is among them, else a root. Every node carries
   * `hasChildren`, and `children` when it has any.
   */
  async treeFromQuery(entity: EntityDef, caller: Caller, raw: Record<string, unknown>): Promise<TreeNode[]> {
    const { current: _current, size: _size, ...rest } = raw;
    const { query, extra } = await this.parsedList(entity, caller, rest);
    const sorts = query.sorts.length > 0 ? query.sorts : 'sort' in entity.fields ? [{ field: 'sort', desc: false }] : [];
    const page = await this.list(entity, caller, { ...query, sorts, current: 1, size: TREE_LIST_MAX_ROWS }, extra, { kind: 'list', filter: rest });
    return forest(entity, page.records);
  }

  async detail(entity: EntityDef, caller: Caller, id: string): Promise<JsonRecord> {
    const scope = await this.authoriseRead(entity, caller);
    const record = await this.repository.findById(entity, scope, id);
    if (!record) throw notFound();
    const extras = this.hooks.get(entity.name)?.detailExtras;
    const more = extras ? await extras({ ...record }, caller) : {};
    await this.withDisplayNames(entity, caller, [record], { kind: 'detail' });
    if (entity.examine) (record as Record<string, unknown>).examineLogs = await this.examination.logsOf(this.db, entity, record);
    return Object.assign(record, more);
  }

  /**
   * An examine call: the verdict is checked once, then each id is applied in its own transaction,
   * so one id failing (outside the scope, no longer pending) leaves the others applied.
   */
  async examine(
    entity: EntityDef, caller: Caller, idList: string[], rawStatus: unknown, rawOpinion: unknown, lang: Lang,
    input: Readonly<Record<string, unknown>> = {},
  ): Promise<ExamineResult> {
    const rule = entity.examine;
    if (!rule) throw notFound();
    this.scopeOf(entity, caller);
    await this.access.require(caller, `${rule.menu}_examine`);
    const hooks = this.hooks.get(entity.name);
    const own = hooks?.examineVerdict;
    const verdict = own ? own.parse({ ...input, examineStatus: rawStatus, examineOpinion: rawOpinion }, idList.length, lang)
      : this.examination.parseVerdict(rawStatus, rawOpinion, rule);
    // An entity's own verdict may write other entities (a registration makes an alumni record).
    const plan = own ? await this.planWrite(entity, caller, lang) : null;
    const scope = plan?.scope ?? await this.rowScope(entity, caller);
    const result: ExamineResult = { succeeded: 0, failed: [] };
    for (const id of idList) {
      try {
        await this.db.transaction().execute(async (tx) => {
          const row = await this.repository.findById(entity, scope, id, tx);
          if (!row) throw notFound();
          const ctx: WriteContext = {
            entity, caller, lang, scope, db: tx, repository: this.repository, operations: this,
            ...(plan ? { codes: plan.codes, reads: plan.reads } : {}),
          };
          const written = await this.examination.apply(tx, entity, this.repository, scope, caller, row, verdict,
            own ? () => own.effect(ctx, row, verdict) : undefined);
          await this.audited({ caller, entity }, tx, 'examine', row, { ...row, ...written });
          await hooks?.afterExamine?.(ctx, row, verdict.status);
        });
        result.succeeded += 1;
      } catch (error) {
        result.failed.push({ id, msg: failureMessage(error, lang) });
      }
    }
    if (result.succeeded > 0) hooks?.afterCommit?.();
    return result;
  }

  /** The live row whose unique field `field` (the definition's `detailKey`) holds `value`. */
  async detailBy(entity: EntityDef, caller: Caller, field: string, value: string): Promise<JsonRecord> {
    const scope = await this.authoriseRead(entity, caller);
    const [record] = await this.repository.all(entity, scope, [{ field, op: 'equal', value }], [], 1);
    if (!record) throw notFound();
    await this.withDisplayNames(entity, caller, [record], { kind: 'detail' });
    return record;
  }

  async submit(entity: EntityDef, caller: Caller, body: unknown, lang: Lang): Promise<JsonRecord> {
    this.scopeOf(entity, caller);
    const parsed = parseSubmit(entity, body, lang);
    const codes = permissionCodes(entity);
    if (!parsed.id) await this.access.require(caller, codes.add);
    else if (this.hooks.get(entity.name)?.editCodesByChange) await this.access.require(caller, codes.menu);
    else await this.access.require(caller, codes.edit);
    const plan = await this.planWrite(entity, caller, lang);
    if (!parsed.ok) throw invalidFields(parsed.errors);
    const outside = plan.hooks?.beforeTransaction;
    if (outside) {
      const existing = parsed.id ? await this.repository.findById(entity, plan.scope, parsed.id) : null;
      if (parsed.id && !existing) throw notFound();
      await outside({ entity, caller, lang }, parsed.values, existing);
    }
    const sent = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const saved = await this.db.transaction().execute((tx) => this.writeRow(plan, tx, parsed, sent));
    plan.hooks?.afterCommit?.();
    await plan.hooks?.afterSubmitCommitted?.(saved, caller);
    // The row the caller has just written is answered back: not a read of personal data.
    await this.withDisplayNames(entity, caller, [saved], null);
    return saved;
  }

  /** The rows a submit body stands for when the entity's hooks read it as several (see `EntityHooks.several`). */
  severalOf(entity: EntityDef, body: unknown): Record<string, unknown>[] | null {
    const several = this.hooks.get(entity.name)?.several;
    if (!several || !body || typeof body !== 'object' || Array.isArray(body)) return null;
    return several(body as Record<string, unknown>);
  }

  /** Adds several rows in one transaction: every row is checked as submit checks one, and any refusal writes none. */
  async submitSeveral(entity: EntityDef, caller: Caller, bodies: Record<string, unknown>[], lang: Lang): Promise<number> {
    this.scopeOf(entity, caller);
    if (bodies.length === 0) throw badRequest(MSG.idsRequired);
    await this.access.require(caller, permissionCodes(entity).add);
    const plan: WritePlan = { ...(await this.planWrite(entity, caller, lang)), audit: this.auditBatch() };
    const parsed = bodies.map((body) => ({ body, parsed: parseSubmit(entity, { ...body, id: undefined }, lang) }));
    const bad = parsed.find((p) => !p.parsed.ok);
    if (bad) throw invalidFields(bad.parsed.errors);
    await this.db.transaction().execute(async (tx) => {
      for (const p of parsed) await this.writeRow(plan, tx, p.parsed, p.body);
      await plan.audit?.flush(tx);
    });
    plan.hooks?.afterCommit?.();
    return bodies.length;
  }

  /**
   * What every write of an entity by one caller shares, read before any transaction opens (SQLite's
   * one connection is the transaction's): the row scope and the hooks. The caller's right to write
   * is checked by the caller of this method.
   */
  async planWrite(entity: EntityDef, caller: Caller, lang: Lang): Promise<WritePlan> {
    this.scopeOf(entity, caller);
    return {
      entity, caller, lang, scope: await this.rowScope(entity, caller), hooks: this.hooks.get(entity.name),
      writeHooks: await this.writeHooks(entity, caller), codes: (await this.access.grant(caller)).codes, reads: new Map(),
      fields: await this.fieldView(entity, caller),
    };
  }

  /**
   * A plan for a write the server makes on its own account inside another write (an alumni record
   * made from a graduating student): the tenant's rows, the entity's own rules, not the shared
   * examination rules (the writer sets the examination result and its log), and the codes and
   * kept reads of the write it runs within.
   */
  systemPlan(entity: EntityDef, within: Pick<WriteContext, 'caller' | 'lang' | 'codes' | 'reads' | 'audit'>): WritePlan {
    const own = this.hooks.get(entity.name);
    return {
      entity, caller: within.caller, lang: within.lang, codes: within.codes ?? new Set(), reads: within.reads ?? new Map(),
      scope: { tenantId: entity.scope === 'tenant' ? within.caller.tenantId : null },
      hooks: own, writeHooks: own ? [own] : [], system: true,
      // The writes it makes join the audit batch of the write it runs within.
      ...(within.audit ? { audit: within.audit } : {}),
    };
  }

  /** Adds (no id) or edits one parsed row inside the transaction `tx`, running the entity's rules. */
  async writeRow(plan: WritePlan, tx: Db, parsed: { id: string | null; values: SubmitValues }, sent: Readonly<Record<string, unknown>>): Promise<JsonRecord> {
    const { entity, caller, lang, scope, writeHooks } = plan;
    if (parsed.id) keepStoredSecrets(entity, parsed.values);
    const ctx: WriteContext = { entity, caller, lang, scope, db: tx, repository: this.repository, body: sent, codes: plan.codes, system: plan.system, via: plan.via, reads: plan.reads, audit: plan.audit, operations: this };
    const existing = parsed.id ? await this.repository.findById(entity, scope, parsed.id, tx) : null;
    if (parsed.id && !existing) throw notFound();
    const values = parsed.values;
    if (existing) keepMaskedValues(entity, values, existing, lang);
    if (plan.fields && !plan.system) checkFieldWrites(entity, plan.fields, values, existing, lang);
    // A rich-text body keeps only markup that is safe to show (DOMAIN 1.3 `text(html)`).
    for (const [name, field] of Object.entries(entity.fields)) {
      if (field.kind === 'textarea' && field.richText && typeof values[name] === 'string') values[name] = sanitizeRichText(values[name]);
    }
    for (const h of writeHooks) await h.beforeSave?.(ctx, values, existing);
    await this.checkUnique(ctx, values, existing, plan.uniqueBy);
    const stamp = now();
    const stamped = { updateUser: caller.userId, updateTime: stamp };
    let record: JsonRecord | null;
    if (existing) {
      const id = String(existing.id);
      // The edited row is the stored one with the values written over it: its audit row is written
      // with the update. The row as written must still be inside the caller's data scope
      // (departments read afresh), else the write is undone; without a data scope the update
      // answers the row itself.
      const audited = this.auditCompanion(plan, 'update', existing, rowToRecord(entity, valuesToColumns({ ...existing, ...values, ...stamped })));
      if (scope.data) {
        await this.repository.update(entity, scope, id, { ...values, ...stamped }, tx, audited);
        record = await this.repository.findById(entity, await this.rowScope(entity, caller, tx), id, tx);
      } else {
        record = await this.repository.updateReturning(entity, scope, id, { ...values, ...stamped }, tx, audited);
      }
      if (!record) throw notFound();
    } else {
      const id = ids.next();
      const tenantId = entity.scope === 'tenant' ? caller.tenantId : PLATFORM_TENANT;
      await this.numbers.fill({ entity, tenantId, db: tx, stamp, reads: plan.reads }, values);
      const inserted = {
        tenantId, ...values, ...stamped, id,
        createUser: caller.userId, createDept: caller.deptId, createTime: stamp, status: values.status ?? 1, isDeleted: 0,
      };
      // The new row is the row as inserted (no column has a default of its own); its audit row is
      // written with it. Under a data scope it is read again: a new department below the caller's
      // own is inside the scope, a row outside it undoes the write.
      const written = rowToRecord(entity, valuesToColumns(inserted));
      await this.repository.insert(entity, inserted, tx, this.auditCompanion(plan, 'create', null, written));
      record = scope.data ? await this.repository.findById(entity, await this.rowScope(entity, caller, tx), id, tx) : written;
      if (!record) throw forbidden();
    }
    for (const h of writeHooks) await h.afterSave?.(ctx, record, existing);
    return record;
  }

  /** The server-side rules of an entity, for routes that offer more than the standard calls. */
  hooksOf(entity: EntityDef): EntityHooks | undefined {
    return this.hooks.get(entity.name);
  }

  async remove(entity: EntityDef, caller: Caller, idList: string[], lang: Lang): Promise<void> {
    this.scopeOf(entity, caller);
    // An examined entity is also removed from its examine screen.
    const codes = [permissionCodes(entity).remove, ...(entity.examine ? [`${entity.examine.menu}_delete`] : [])];
    if (!(await this.canAny(caller, codes))) throw forbidden();
    const scope = await this.rowScope(entity, caller);
    const hooks = this.hooks.get(entity.name);
    // The shared examination rules first (a final result is not removed), then the entity's own.
    const removeHooks = await this.writeHooks(entity, caller);
    const removed = await this.db.transaction().execute(async (tx) => {
      const rows = await this.repository.findByIds(entity, scope, idList, tx);
      if (rows.length !== idList.length) throw notFound();
      for (const h of removeHooks) await h.beforeRemove?.({ entity, caller, lang, scope, db: tx, repository: this.repository }, rows);
      // The removed rows as read above: their audit rows are written with the removal, together.
      const audit = this.audit;
      const audited = audit ? audit.companion(rows.flatMap((row) => audit.entry(caller, entity, 'delete', row, null) ?? [])) : undefined;
      await this.repository.softDelete(entity, scope, idList, { updateUser: caller.userId, updateTime: now() }, tx, audited);
      return rows;
    });
    hooks?.afterCommit?.();
    await hooks?.afterRemove?.(removed);
  }

  private async checkUnique(ctx: WriteContext, values: Record<string, unknown>, existing: JsonRecord | null, established?: string) {
    for (const rule of ctx.entity.unique ?? []) {
      if (established && rule.fields.length === 1 && rule.fields[0] === established) continue;
      const probe: Record<string, unknown> = {};
      for (const field of rule.fields) probe[field] = field in values ? values[field] : (existing?.[field] ?? null);
      if (await this.repository.exists(ctx.entity, ctx.scope, probe, existing ? String(existing.id) : null, ctx.db)) {
        const value = rule.fields.map((f) => String(probe[f] ?? '')).join(' / ');
        throw badRequest(rule.message, { value }, { errors: { [rule.fields[0] ?? 'id']: rule.message[ctx.lang].replace('{value}', value) } });
      }
    }
  }

  /**
   * Whether the caller reads the entity's sensitive fields unmasked (DOMAIN 1.8): false for an
   * entity without any.
   */
  async seesSensitive(entity: EntityDef, caller: Caller): Promise<boolean> {
    return sensitiveFields(entity).length > 0 && this.access.can(caller, SENSITIVE_VIEW);
  }

  /** How the caller sees and writes the entity's fields: hidden, read-only, masked (decisions 320–322). */
  fieldView(entity: EntityDef, caller: Caller): Promise<FieldView> {
    return this.access.fields.view(entity, caller);
  }

  /**
   * Records in the personal-data access report one read of records whose sensitive fields a caller
   * was answered unmasked (decision 302): the ids and the names of the fields that held a value. The
   * one place the engine's reads (lists, details, exports, reports) and the modules' own reads of
   * personal data write it; a read without a request (the server's own work) records nothing.
   */
  async recordAccess(entity: EntityDef, caller: Caller, records: readonly JsonRecord[], note: AccessNote, fields?: readonly string[]): Promise<void> {
    // The portal reading an alumnus's own rows is not staff processing; its full download is recorded by its route.
    if (!this.personalAccess || !caller.origin || caller.clientId === 'portal') return;
    // The fields that held a value in the rows answered; a read known by its count alone names them all.
    const names = (fields ?? sensitiveFields(entity).map(([name]) => name))
      .filter((name) => records.length === 0 || records.some((r) => r[name] !== null && r[name] !== undefined && r[name] !== ''));
    if (names.length === 0 && note.count === undefined) return;
    await this.personalAccess.record(caller, {
      kind: note.kind, entity: entity.name, recordIds: records.map((r) => String(r.id)), fields: names,
      ...(note.count !== undefined ? { count: note.count } : {}), filter: note.filter ?? null,
    }, entity);
  }

  /**
   * Adds `xxxName` beside every dictionary and yes/no field, masks secret fields, and masks
   * sensitive fields for a caller without `alumni_sensitive_view`. A caller who holds it reads them
   * unmasked, which is recorded as `access` says (decision 302): by default a detail for one record
   * and a list for more; null records nothing (the caller records the read itself).
   */
  async withDisplayNames(entity: EntityDef, caller: Caller, records: JsonRecord[], access?: AccessNote | null): Promise<void> {
    if (records.length === 0) return;
    // Masking a sensitive field is one case of the caller's field view; a hidden field is neither masked nor recorded.
    const view = await this.fieldView(entity, caller);
    const sensitive = sensitiveFields(entity).filter(([name]) => !view.hidden.has(name));
    if (view.masked.length > 0) {
      for (const r of records) {
        for (const [name, kind] of view.masked) if (typeof r[name] === 'string' && r[name] !== '') r[name] = maskSensitive(kind, r[name] as string);
      }
    } else if (sensitive.length > 0 && access !== null) {
      await this.recordAccess(entity, caller, records, access ?? { kind: records.length === 1 ? 'detail' : 'list' }, sensitive.map(([name]) => name));
    }
    this.hooks.get(entity.name)?.present?.(records);
    await this.hooks.get(entity.name)?.withRelated?.(records, caller);
    // Examine screens show who submitted a record.
    await addReferenceNames(this.db, entity, caller.tenantId, records, entity.examine ? { createUser: 'user' } : {});
    for (const [name, field] of Object.entries(entity.fields)) {
      if (field.secret) {
        for (const r of records) if (r[name] !== null && r[name] !== undefined) r[name] = SECRET_MASK;
      } else if (field.kind === 'flag') {
        for (const r of records) r[displayNameKey(name)] = r[name] === null ? null : (YES_NO[String(r[name])] ?? null);
      } else if (field.kind === 'dict') {
        const labels = await this.labels.labels(field.source, caller.tenantId, field.dict);
        const nameOf = (key: string) => labels.get(key) ?? null;
        for (const r of records) {
          r[displayNameKey(name)] = r[name] === null ? null
            : field.multiple ? (dictKeys(r[name]).map((key) => nameOf(key) ?? key).join('、') || null) : nameOf(String(r[name]));
        }
      }
    }
    withoutHiddenFields(records, view.hidden);
  }

}

/** How a read of personal data is recorded: its kind, and for a list or export its filter and total. */
export interface AccessNote {
  kind: PersonalAccessKind;
  filter?: Readonly<Record<string, unknown>>;
  /** The rows read when more than the records given (an export counted before its pages are read). */
  count?: number;
}

/**
 * An edit that sends a sensitive field as it was shown masked keeps the stored value; a masked
 * value that is not the stored one's mask cannot be stored (DOMAIN 1.8).
 */
function keepMaskedValues(entity: EntityDef, values: Record<string, unknown>, existing: JsonRecord, lang: Lang): void {
  const errors: Record<string, string> = {};
  for (const [name, kind] of sensitiveFields(entity)) {
    const sent = values[name];
    if (!looksMasked(kind, sent)) continue;
    const stored = existing[name];
    if (typeof stored === 'string' && stored !== '' && sent === maskSensitive(kind, stored)) delete values[name];
    else if (sent !== stored) errors[name] = SENSITIVE_MSG.wholeValue[lang].replaceAll('{label}', entity.fields[name]!.label[lang]);
  }
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
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

/** A node of a tree-shaped list: the row's fields, `hasChildren`, and `children` when it has any. */
export type TreeNode = Record<string, unknown> & { id: string; parentId: string; children?: TreeNode[]; hasChildren?: boolean };

/**
 * Rows merged into a forest by `parentId` (BladeX's ForestNodeMerger) through the shared
 * `buildTree`: a row whose parent is among them goes into its `children`, any other is a root.
 * Each node gets `hasChildren`, and `children` only when it has any. `parentName` is the parent's
 * title (`顶级` for a top-level row) where the row carries none and the parent is among the rows.
 */
export function forest(entity: EntityDef, rows: readonly JsonRecord[]): TreeNode[] {
  const title = entity.titleField;
  const byId = new Map(rows.map((row) => [String(row.id), row]));
  const nodes = rows.map((row): TreeNode => {
    const parentId = row.parentId === null || row.parentId === undefined ? '0' : String(row.parentId);
    const node: TreeNode = { ...row, id: String(row.id), parentId };
    if (row.parentName === undefined || row.parentName === null) {
      const parent = parentId === '0' ? undefined : byId.get(parentId);
      if (parentId === '0') node.parentName = '顶级';
      else if (parent && title && parent[title] !== undefined) node.parentName = parent[title];
    }
    return node;
  });
  return markHasChildren(buildTree(nodes) as TreeNode[]);
}
