import type { Condition, EntityDef, Lang, SubmitValues } from '@alumni/domain';
import type { Caller } from '../core/caller.js';
import type { Db } from '../db/database.js';
import type { JsonRecord } from '../db/row-mapping.js';
import type { EntityRepository, RowScope } from './entity-repository.js';
import type { PlanReads } from './plan-reads.js';

/** What a hook sees of the write it takes part in; `db` is the write's transaction. */
export interface WriteContext {
  entity: EntityDef;
  caller: Caller;
  lang: Lang;
  scope: RowScope;
  db: Db;
  repository: EntityRepository;
  /** The submitted body as sent, for values that are not stored as sent (a new user's password). */
  body?: Readonly<Record<string, unknown>>;
  /** The caller's permission codes, read before the transaction (hooks must not read them inside it). */
  codes?: ReadonlySet<string>;
  /** A write the server makes on its own account (an alumni record made from the roster). */
  system?: boolean;
  /** A row of an import sheet. */
  via?: 'import';
  /** Reads of unchanging rows kept for the write plan (see `readOnce`). */
  reads?: PlanReads;
  /** The audit rows of the write's plan, when they are inserted together (see `WritePlan.audit`). */
  audit?: import('./audit/audit-trail.js').AuditBatch;
  /** Writes of other entities in this transaction, through their own rules (set by the operations). */
  operations?: import('./entity-operations.js').EntityOperations;
}

export interface ExamineVerdict {
  parse(input: Readonly<Record<string, unknown>>, idCount: number, lang: Lang): { status: number; opinion: string | null };
  effect(ctx: WriteContext, row: JsonRecord, verdict: { status: number; opinion: string | null }): Promise<import('./examination/examination.js').ExamineEffect>;
}

/**
 * Server-side rules of one entity, kept next to its routes (never in the definition the browser
 * imports). Each runs inside the write's transaction; throwing an AppError refuses the write.
 */
export interface EntityHooks {
  /**
   * The entity's `beforeSave` decides which button codes an edit needs from what it changes (an
   * application's status needs the confirm code, its check-in the sign-in code, other fields the
   * edit code; DOMAIN 6.2), reading them from `ctx.codes`; the edit code is then not required up front.
   */
  editCodesByChange?: boolean;
  /**
   * Checks that reach outside the database (a data source's connection), run by submit before the
   * write's transaction opens, so a slow answer holds no lock (SQLite has one writer): `values` as
   * parsed (a secret sent masked or empty is still so), `existing` the stored row of an edit.
   */
  beforeTransaction?(ctx: Pick<WriteContext, 'entity' | 'caller' | 'lang'>, values: Readonly<SubmitValues>, existing: JsonRecord | null): Promise<void>;
  /** Checks or completes the values of an add (`existing` null) or an edit. */
  beforeSave?(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null): Promise<void>;
  afterSave?(ctx: WriteContext, record: JsonRecord, existing: JsonRecord | null): Promise<void>;
  beforeRemove?(ctx: WriteContext, rows: JsonRecord[]): Promise<void>;
  /**
   * Query parameters the entity's list understands beyond its fields (a user list's `deptId`),
   * each turned into conditions; the value is the raw text, never empty.
   */
  listParams?: Record<string, (value: string, caller: Caller) => Promise<Condition[]>>;
  /** Adjusts answered records in place (e.g. leaves out a password hash). */
  present?(records: JsonRecord[]): void;
  /** Adjusts the records of a list answer only, after `present` (a report's list leaves out its definition). */
  presentList?(records: JsonRecord[]): void;
  /**
   * Adds what the engine cannot derive from the definition, read from other tables for all answered
   * records at once: names (a user's roles and departments) and figures (a department's speciality count).
   */
  withRelated?(records: JsonRecord[], caller: Caller): Promise<void>;
  /**
   * What a detail answers beside the row (a registration's duplicate candidates and roster row),
   * read from the stored row (`stored`, unmasked) for the caller.
   */
  detailExtras?(stored: JsonRecord, caller: Caller): Promise<Record<string, unknown>>;
  /**
   * Another form of the entity's remove call, told apart by its query (an album's `photoIds`
   * removes photos): answers true when it handled the call, false to let the usual `ids` form run.
   */
  removeVariant?(query: Readonly<Record<string, unknown>>, caller: Caller, lang: Lang): Promise<boolean>;
  /** After a removal is committed, with the removed rows (e.g. to delete stored files). */
  afterRemove?(rows: JsonRecord[]): Promise<void>;
  /**
   * An entity's own verdicts in place of the shared approve/reject (a registration also merges):
   * `parse` checks the examine call's input once, `effect` does the entity's work for one pending
   * row inside the id's transaction before the shared result and log are written.
   */
  examineVerdict?: ExamineVerdict;
  /** After an examine verdict is applied to a row (still inside the id's transaction). */
  afterExamine?(ctx: WriteContext, row: JsonRecord, status: number): Promise<void>;
  /**
   * A submit body that stands for several rows (members added to an association at once): the
   * bodies of those rows, written by submit in one transaction (all or none); null for one row.
   */
  several?(body: Readonly<Record<string, unknown>>): Record<string, unknown>[] | null;
  /** After any committed write (e.g. to drop caches). */
  afterCommit?(): void;
  /**
   * After one submit's transaction is committed, with the saved row: work that must see the row
   * committed, such as queueing a job that reads it (a queue write inside the transaction could
   * run before the commit, or on SQLite wait on it).
   */
  afterSubmitCommitted?(record: JsonRecord, caller: Caller): Promise<void>;
}
