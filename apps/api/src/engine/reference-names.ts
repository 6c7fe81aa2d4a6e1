import { displayNameKey, entityByName, snake, type EntityDef, type Field } from '@alumni/domain';
import type { Db } from '../db/database.js';
import type { JsonRecord } from '../db/row-mapping.js';

/** Ids looked up per query; longer lists are read in chunks. */
const CHUNK = 500;

/**
 * Adds `xxxName` beside every reference field that names its entity (`ref`): the referenced row's
 * title (a text field names the row by the key its detail is read by, a region's code), one query per field and page whatever the number of rows. Comma-joined id lists
 * (`ids` fields) get comma-joined names. Rows of other tenants are never named.
 */
export async function addReferenceNames(db: Db, entity: EntityDef, tenantId: string, records: JsonRecord[], extra: Record<string, string> = {}): Promise<void> {
  const refs: [string, string][] = Object.entries(entity.fields)
    .filter((e): e is [string, Field & { ref: string }] => (e[1].kind === 'fk' || e[1].kind === 'ids' || e[1].kind === 'text') && 'ref' in e[1] && typeof e[1].ref === 'string')
    .map(([name, field]) => [name, field.ref]);
  for (const [name, ref] of [...refs, ...Object.entries(extra)]) {
    const target = entityByName(ref);
    const title = target.titleField;
    if (!title) continue;
    // A row is named by its id, or by the key its detail is read by (a region's code).
    const key = snake(target.detailKey ?? 'id');
    const wanted = new Set<string>();
    for (const r of records) for (const id of idsIn(r[name])) wanted.add(id);
    const names = new Map<string, string>();
    const list = [...wanted];
    for (let i = 0; i < list.length; i += CHUNK) {
      let query = db.selectFrom(target.table).select([key, snake(title)]).where(key, 'in', list.slice(i, i + CHUNK));
      if (target.scope === 'tenant') query = query.where('tenant_id', '=', tenantId);
      if (key !== 'id') query = query.where('is_deleted', '=', 0);
      for (const row of await query.execute()) names.set(String(row[key]), String(row[snake(title)] ?? ''));
    }
    for (const r of records) {
      const parts = idsIn(r[name]).map((id) => names.get(id)).filter((n): n is string => n !== undefined);
      r[displayNameKey(name)] = r[name] === null || r[name] === undefined ? null : parts.join(',');
    }
  }
}

const idsIn = (value: unknown): string[] =>
  value === null || value === undefined || value === '' ? [] : String(value).split(',').filter((s) => s !== '' && s !== '0');
