import {
  BASE_FIELDS, FILTER_OPS, PERSONAL_ACCESS_KIND, PERSONAL_ACCESS_MAX_IDS, personalAccessEntity, sensitiveFields,
  type EntityDef, type FieldKind, type PersonalAccessKind,
} from '@alumni/domain';
import type { Caller } from '../../core/caller.js';
import { ids } from '../../core/ids.js';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';

/** Who read the data: a staff caller, or an alumnus of the portal (its own data). */
export type Reader = Pick<Caller, 'tenantId' | 'userId' | 'account' | 'realName' | 'origin'>;

/** One read of personal data, as the engine hands it to the writer: ids and field names, never values. */
export interface AccessEvent {
  kind: PersonalAccessKind;
  /** The entity read (`student`), or what the read stands for (`portal-my-data`). */
  entity: string;
  /** The records read; with more than PERSONAL_ACCESS_MAX_IDS only their count is kept (and the filter). */
  recordIds: readonly string[];
  /** How many records were read when that is more than the ids given (an export's total). */
  count?: number;
  /** The personal fields answered unmasked. */
  fields: readonly string[];
  /** The filter of a list or export, as the query gave it (values of personal fields are not kept). */
  filter?: Readonly<Record<string, unknown>> | null;
}

/** Field kinds whose filter values are codes, numbers or dates rather than words a person wrote. */
const CODED_KINDS: ReadonlySet<FieldKind> = new Set(['integer', 'money', 'flag', 'dict', 'date', 'datetime', 'fk', 'ids']);
const PAGING = new Set(['current', 'size', 'ascs', 'descs']);
const OP_SUFFIX = new RegExp(`_(?:${FILTER_OPS.join('|')})$`);
const FILTER_MAX = 2000;
const PURPOSE_MAX = 255;

/**
 * A list's or export's filter as the event keeps it: paging left out, the value of every field that
 * is sensitive or free text (a name, a phone typed into the search) replaced by `*`, so the event
 * names what was asked for without holding a personal value; at most 2,000 characters of JSON.
 */
export function filterOf(entity: EntityDef | null, raw: Readonly<Record<string, unknown>> | null | undefined): string | null {
  if (!raw) return null;
  const sensitive = new Set(entity ? sensitiveFields(entity).map(([name]) => name) : []);
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (PAGING.has(key) || value === undefined || value === '' || value === null) continue;
    const name = key.replace(OP_SUFFIX, '');
    const field = entity?.fields[name] ?? BASE_FIELDS[name as keyof typeof BASE_FIELDS];
    const coded = field !== undefined && !sensitive.has(name) && CODED_KINDS.has(field.kind as FieldKind);
    kept[key] = coded ? (typeof value === 'object' ? JSON.stringify(value) : String(value)).slice(0, 200) : '*';
  }
  if (Object.keys(kept).length === 0) return null;
  const text = JSON.stringify(kept);
  return text.length <= FILTER_MAX ? text : `${text.slice(0, FILTER_MAX - 1)}…`;
}

/**
 * The one writer of the personal-data access report (decisions 302–303): each unmasked list, detail,
 * export or report of personal data, and each portal download of an alumnus's own data, is one row
 * of `app_personal_access`, inserted in the request that answered the data (a page of 20 rows is one
 * insert). It stores ids and field names only; the purpose is the call (`GET /api/…`) and the reason
 * the client gave in `Blade-Purpose`, when it gave one.
 */
export class PersonalAccessLog {
  constructor(private readonly db: Db) {}

  async record(reader: Reader, event: AccessEvent, entity: EntityDef | null = null): Promise<void> {
    const count = Math.max(event.count ?? 0, event.recordIds.length);
    if (count === 0) return;
    const stamp = now();
    const origin = reader.origin;
    const purpose = [origin?.route, origin?.purpose].filter(Boolean).join(' · ').slice(0, PURPOSE_MAX) || null;
    const table = personalAccessEntity.table;
    await this.db.insertInto(table).values({
      id: ids.next(), tenant_id: reader.tenantId, create_user: reader.userId, create_dept: null, create_time: stamp,
      update_user: reader.userId, update_time: stamp, status: 1, is_deleted: 0,
      account: reader.account.slice(0, 64), user_name: (reader.realName || null)?.slice(0, 64) ?? null,
      kind: PERSONAL_ACCESS_KIND[event.kind], entity: event.entity.slice(0, 64), record_count: count,
      record_ids: count <= PERSONAL_ACCESS_MAX_IDS && event.recordIds.length === count ? event.recordIds.join(',') : null,
      fields: event.fields.join(',').slice(0, 500), filter: filterOf(entity, event.filter),
      purpose, ip: origin?.ip ?? null, request_id: origin?.requestId ?? null,
    }).execute();
  }
}
