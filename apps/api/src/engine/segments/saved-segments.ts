import {
  ENTITIES, SEGMENT_MSG, SEGMENT_NAME_MAX, SEGMENT_QUERY_MAX_KEYS, isId, savedSegmentEntity,
  type Condition, type EntityDef, type Page, type SegmentView,
} from '@alumni/domain';
import type { Caller } from '../../core/caller.js';
import { badRequest, notFound } from '../../core/errors.js';
import { ids } from '../../core/ids.js';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import type { EntityOperations } from '../entity-operations.js';

const TABLE = savedSegmentEntity.table;

/** A stored segment row, as read (snake_case columns). */
interface SegmentRow {
  id: string | number;
  entity_name: string;
  name: string;
  query_text: string | null;
  shared: number;
  create_user: string | number | null;
  create_time: string | Date;
  update_time: string | Date | null;
}

/** A stored segment: whose it is and the list query it keeps. */
export interface SavedSegment {
  id: string;
  entity: EntityDef;
  name: string;
  query: Record<string, string>;
  shared: boolean;
  ownerId: string | null;
}

/** Query parameters of paging and order: a segment is a set of rows, not a page of them. */
const NOT_KEPT = new Set(['current', 'size', 'ascs', 'descs', '_t']);
const PARAM_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const PARAM_VALUE_MAX = 2000;
// eslint-disable-next-line no-control-regex -- a stored text never holds control characters (PostgreSQL refuses NUL)
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The entities whose searches may be saved: those declaring `segments`. */
export const segmentEntities = (): EntityDef[] => ENTITIES.filter((e) => (e as EntityDef).segments === true);

function segmentEntity(name: unknown): EntityDef {
  const entity = segmentEntities().find((e) => e.name === name);
  if (!entity) throw badRequest(SEGMENT_MSG.noSegments);
  return entity;
}

const text = (v: string | Date | null): string | null =>
  v === null ? null : v instanceof Date ? v.toISOString().replace('T', ' ').slice(0, 19) : String(v);

/**
 * A list query as a segment keeps it: the filter parameters of the list call (names and values as
 * text), paging and order left out, blanks dropped. Anything else — not an object, a name that is no
 * parameter name, a value that is not text or a number, a control character — is a 400.
 */
export function segmentQuery(raw: unknown): Record<string, string> {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw badRequest(SEGMENT_MSG.badQuery);
    }
  }
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw badRequest(SEGMENT_MSG.badQuery);
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (!PARAM_NAME.test(key)) throw badRequest(SEGMENT_MSG.badQuery);
    if (NOT_KEPT.has(key) || v === undefined || v === null || v === '') continue;
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') throw badRequest(SEGMENT_MSG.badQuery);
    const s = String(v);
    if (s.length > PARAM_VALUE_MAX || CONTROL.test(s)) throw badRequest(SEGMENT_MSG.badQuery);
    out[key] = s;
  }
  if (Object.keys(out).length > SEGMENT_QUERY_MAX_KEYS) throw badRequest(SEGMENT_MSG.badQuery);
  return out;
}

function segmentName(raw: unknown): string {
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (name === '') throw badRequest(SEGMENT_MSG.nameRequired);
  if ([...name].length > SEGMENT_NAME_MAX) throw badRequest(SEGMENT_MSG.nameTooLong, { max: SEGMENT_NAME_MAX });
  if (CONTROL.test(name)) throw badRequest(SEGMENT_MSG.nameRequired);
  return name;
}

const flagOf = (raw: unknown): boolean => raw === true || raw === 1 || raw === '1' || raw === 'true';

/** The segments a caller sees: their own, and those shared in their tenant. */
function visibleRows(caller: Caller, db: Db) {
  return db.selectFrom(TABLE).select(['id', 'entity_name', 'name', 'query_text', 'shared', 'create_user', 'create_time', 'update_time'])
    .where('tenant_id', '=', caller.tenantId).where('is_deleted', '=', 0)
    .where((eb) => eb.or([eb('create_user', '=', caller.userId), eb('shared', '=', 1)]));
}

function toSegment(row: SegmentRow): SavedSegment {
  let query: Record<string, string> = {};
  try {
    query = segmentQuery(row.query_text ?? '{}');
  } catch {
    query = {};
  }
  return {
    id: String(row.id), entity: segmentEntity(row.entity_name), name: row.name, query, shared: Number(row.shared) === 1,
    ownerId: row.create_user === null ? null : String(row.create_user),
  };
}

/**
 * A segment the caller may see (theirs, or shared in their tenant), read through `db` (a write's
 * transaction, inside one) without checking the entity's permission. 404 otherwise.
 */
export async function visibleSegment(db: Db, caller: Caller, id: unknown): Promise<SavedSegment> {
  if (typeof id !== 'string' || !isId(id)) throw notFound();
  const row = await visibleRows(caller, db).where('id', '=', id).executeTakeFirst() as SegmentRow | undefined;
  if (!row || !segmentEntities().some((e) => e.name === row.entity_name)) throw notFound();
  return toSegment(row);
}

/**
 * Saved segments (decisions 311–313): named searches of an entity's list, kept as the list call's own
 * filter parameters. A segment is read by its owner, and by every user of the tenant once shared;
 * using it always needs the entity's read permission, and its members are the entity's list for the
 * filters *as the user reads it* — the user's data scope, never the saver's.
 */
export class SavedSegments {
  constructor(private readonly db: Db, private readonly operations: EntityOperations) {}

  private visibleRow(caller: Caller, id: unknown): Promise<SavedSegment> {
    return visibleSegment(this.db, caller, id);
  }

  /** A segment the caller may use: visible to them, and its entity readable by them (403 otherwise). */
  async usable(caller: Caller, id: unknown): Promise<SavedSegment> {
    const segment = await this.visibleRow(caller, id);
    await this.operations.authoriseRead(segment.entity, caller);
    return segment;
  }

  /** The list conditions of a segment's members for the caller (who must be able to use it). */
  async memberConditions(caller: Caller, id: unknown, entity: EntityDef): Promise<Condition[]> {
    const segment = await this.usable(caller, id);
    if (segment.entity.name !== entity.name) throw badRequest(SEGMENT_MSG.badSegment);
    return this.operations.listConditions(entity, caller, segment.query);
  }

  /** How many rows the segment's search lists for the caller now. */
  async count(caller: Caller, segment: SavedSegment): Promise<number> {
    return this.operations.countFromQuery(segment.entity, caller, segment.query);
  }

  /**
   * The caller's segments and those shared in the tenant, of one entity or of every entity the caller
   * reads, newest first, paged; `name` filters by "contains".
   */
  async list(caller: Caller, options: { entity?: unknown; name?: unknown; current: number; size: number }): Promise<Page<SegmentView>> {
    const readable: string[] = [];
    const asked = options.entity === undefined || options.entity === '' ? null : segmentEntity(options.entity);
    let refusal: unknown = null;
    for (const entity of asked ? [asked] : segmentEntities()) {
      try {
        await this.operations.authoriseRead(entity, caller);
        readable.push(entity.name);
      } catch (error) {
        if (asked) throw error;
        refusal = error;
      }
    }
    // A caller who reads none of the entities with segments is refused as their lists refuse them.
    if (readable.length === 0) throw refusal;
    let query = visibleRows(caller, this.db).where('entity_name', 'in', readable);
    const name = typeof options.name === 'string' ? options.name.trim() : '';
    if (name !== '') query = query.where('name', 'like', `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const total = Number((await query.clearSelect().select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await query.orderBy('create_time', 'desc').orderBy('id', 'desc')
      .limit(options.size).offset((options.current - 1) * options.size).execute() as SegmentRow[];
    const records = await this.views(caller, rows.map(toSegment), rows);
    return { records, total, size: options.size, current: options.current, pages: Math.ceil(total / options.size) };
  }

  /** Segments as the wire answers them, their owners named. */
  async views(caller: Caller, segments: SavedSegment[], rows?: SegmentRow[]): Promise<SegmentView[]> {
    const owners = [...new Set(segments.map((s) => s.ownerId).filter((id): id is string => id !== null))];
    const names = new Map<string, string>();
    if (owners.length > 0) {
      const users = await this.db.selectFrom('blade_user').select(['id', 'real_name', 'account']).where('id', 'in', owners).execute();
      for (const u of users) names.set(String(u.id), String(u.real_name || u.account || ''));
    }
    const times = rows ?? await this.db.selectFrom(TABLE).select(['id', 'create_time', 'update_time'])
      .where('id', 'in', segments.length ? segments.map((s) => s.id) : ['0']).execute() as Pick<SegmentRow, 'id' | 'create_time' | 'update_time'>[];
    return segments.map((s) => {
      const row = times.find((r) => String(r.id) === s.id);
      return {
        id: s.id, entity: s.entity.name, name: s.name, query: s.query, shared: s.shared, mine: s.ownerId === caller.userId,
        ownerName: s.ownerId === null ? null : names.get(s.ownerId) ?? null,
        createTime: text(row?.create_time ?? null) ?? '', updateTime: text(row?.update_time ?? null),
      };
    });
  }

  /**
   * Saves a segment: without `id` a new one of the caller's (the entity readable by them, its query
   * one the entity's list accepts for them); with `id` the caller's own, renamed, shared or
   * unshared, or given a new query. A name is unique among the caller's segments of the entity.
   */
  async save(caller: Caller, body: Record<string, unknown>): Promise<SegmentView> {
    const existing = body.id === undefined || body.id === null || body.id === '' ? null : await this.visibleRow(caller, String(body.id));
    if (existing && existing.ownerId !== caller.userId) throw badRequest(SEGMENT_MSG.notOwner);
    const entity = existing ? existing.entity : segmentEntity(body.entity);
    await this.operations.authoriseRead(entity, caller);
    const name = body.name === undefined && existing ? existing.name : segmentName(body.name);
    const query = body.query === undefined && existing ? existing.query : segmentQuery(body.query);
    // The list refuses what it cannot read (an unknown filter, a bad value): so does the segment.
    await this.operations.listConditions(entity, caller, query);
    const shared = body.shared === undefined && existing ? existing.shared : flagOf(body.shared);
    const stamp = now();
    const id = await this.db.transaction().execute(async (tx) => {
      let same = tx.selectFrom(TABLE).select('id').where('tenant_id', '=', caller.tenantId).where('is_deleted', '=', 0)
        .where('entity_name', '=', entity.name).where('create_user', '=', caller.userId).where('name', '=', name);
      if (existing) same = same.where('id', '<>', existing.id);
      if (await same.executeTakeFirst()) throw badRequest(SEGMENT_MSG.nameTaken, { name });
      const values = { name, query_text: JSON.stringify(query), shared: shared ? 1 : 0, update_user: caller.userId, update_time: stamp };
      if (existing) {
        await tx.updateTable(TABLE).set(values).where('id', '=', existing.id).where('tenant_id', '=', caller.tenantId).execute();
        return existing.id;
      }
      const newId = ids.next();
      await tx.insertInto(TABLE).values({
        id: newId, tenant_id: caller.tenantId, entity_name: entity.name, ...values,
        create_user: caller.userId, create_dept: caller.deptId, create_time: stamp, status: 1, is_deleted: 0,
      }).execute();
      return newId;
    });
    return (await this.views(caller, [await this.visibleRow(caller, id)]))[0] as SegmentView;
  }

  /** Removes the caller's own segments (logically); another's, even shared, is refused and nothing is removed. */
  async remove(caller: Caller, idList: string[]): Promise<number> {
    const segments = await Promise.all(idList.map((id) => this.visibleRow(caller, id)));
    if (segments.some((s) => s.ownerId !== caller.userId)) throw badRequest(SEGMENT_MSG.notOwner);
    const done = await this.db.updateTable(TABLE).set({ is_deleted: 1, update_user: caller.userId, update_time: now() })
      .where('tenant_id', '=', caller.tenantId).where('create_user', '=', caller.userId).where('id', 'in', idList).where('is_deleted', '=', 0)
      .executeTakeFirst();
    return Number(done.numUpdatedRows);
  }
}
