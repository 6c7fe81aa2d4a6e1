import type { Condition, EntityDef, Lang, SubmitValues } from '@alumni/domain';
import type { Caller } from '../core/caller.js';
import type { Db } from '../db/database.js';
import type { JsonRecord } from '../db/row-mapping.js';
import type { EntityRepository, RowScope } from './entity-repository.js';

/** What a hook sees of the write it takes part in; `db` is the write's transaction. */
export interface WriteContext {
  entity: EntityDef;
  caller: Caller;
  lang: Lang;
  scope: RowScope;
  db: Db;
  repository: EntityRepository;
}

/**
 * Server-side rules of one entity, kept next to its routes (never in the definition the browser
 * imports). Each runs inside the write's transaction; throwing an AppError refuses the write.
 */
export interface EntityHooks {
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
  /** After a removal is committed, with the removed rows (e.g. to delete stored files). */
  afterRemove?(rows: JsonRecord[]): Promise<void>;
  /** After any committed write (e.g. to drop caches). */
  afterCommit?(): void;
}
