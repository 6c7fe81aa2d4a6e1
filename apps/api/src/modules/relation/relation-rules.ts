import { RELATION_MSG, basicInfoEntity, type Condition, type SubmitValues, type Text } from '@alumni/domain';
import type { Caller } from '../../core/caller.js';
import { badRequest } from '../../core/errors.js';
import { formatDateTime } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { WriteContext } from '../../engine/entity-hooks.js';
import { after } from '../academic/academic-rules.js';

/** A refusal naming the field, shown under it in the form. */
export const refuse = (ctx: WriteContext, field: string, text: Text, values: Record<string, string | number> = {}) => {
  let message = text[ctx.lang];
  for (const [k, v] of Object.entries(values)) message = message.replaceAll(`{${k}}`, String(v));
  return badRequest(text, values, { errors: { [field]: message } });
};

const DAY_MS = 86_400_000;

/** The date `days` from today in the server's time zone, `yyyy-MM-dd`. */
export const dayFromToday = (days: number): string => formatDateTime(new Date(Date.now() + days * DAY_MS)).slice(0, 10);

const labelOf = (ctx: WriteContext, field: string) => ctx.entity.fields[field]?.label[ctx.lang] ?? field;

/**
 * Dates that record the past are not later than today; dates that plan the future not before
 * today (DOMAIN 1.4), with a day of slack for time zones. Only values sent are checked.
 */
export function checkDates(ctx: WriteContext, values: SubmitValues, past: readonly string[], future: readonly string[] = []): void {
  for (const field of past) {
    const v = values[field];
    if (typeof v === 'string' && v !== '' && v.slice(0, 10) > dayFromToday(1)) throw refuse(ctx, field, RELATION_MSG.notLaterThanToday, { label: labelOf(ctx, field) });
  }
  for (const field of future) {
    const v = values[field];
    if (typeof v === 'string' && v !== '' && v.slice(0, 10) < dayFromToday(-1)) throw refuse(ctx, field, RELATION_MSG.notBeforeToday, { label: labelOf(ctx, field) });
  }
}

/** An image or file list (DOMAIN 1.3): a JSON array of `{link, …}` with at most `max` items. */
export function checkFiles(ctx: WriteContext, values: SubmitValues, limits: Record<string, number>): void {
  for (const [field, max] of Object.entries(limits)) {
    const v = values[field];
    if (typeof v !== 'string' || v.trim() === '') continue;
    let list: unknown;
    try {
      list = JSON.parse(v);
    } catch {
      throw refuse(ctx, field, RELATION_MSG.badFileList, { label: labelOf(ctx, field) });
    }
    if (!Array.isArray(list) || list.some((item) => !item || typeof item !== 'object' || typeof (item as { link?: unknown }).link !== 'string')) {
      throw refuse(ctx, field, RELATION_MSG.badFileList, { label: labelOf(ctx, field) });
    }
    if (list.length > max) throw refuse(ctx, field, RELATION_MSG.tooManyFiles, { label: labelOf(ctx, field), max });
  }
}

/** The live alumnus of the caller's tenant the row names, with its unit; refused when missing. */
export async function alumnusOf(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null, field = 'alumniId') {
  const id = after(values, existing, field);
  if (id === null || id === '') return null;
  const row = await ctx.db.selectFrom(basicInfoEntity.table).select(['id', 'name', 'org_dept_id', 'is_key_alumni'])
    .where('id', '=', String(id)).where('tenant_id', '=', ctx.caller.tenantId).where('is_deleted', '=', 0).executeTakeFirst();
  if (!row) throw refuse(ctx, field, RELATION_MSG.alumnusMissing);
  return { id: String(row.id), name: String(row.name), orgDeptId: row.org_dept_id === null ? null : String(row.org_dept_id), isKeyAlumni: Number(row.is_key_alumni) };
}

/** The keyword without LIKE's wildcards: it matches as typed. */
const plain = (text: string) => text.replace(/[%_\\]/g, '');

/** The declared filter `alumniName` (DOMAIN 1.4): rows whose alumnus's name contains the text. */
export const alumniNameFilter = (db: () => Db, field = 'alumniId') => async (value: string, caller: Caller): Promise<Condition[]> => {
  const rows = await db().selectFrom(basicInfoEntity.table).select('id')
    .where('tenant_id', '=', caller.tenantId).where('is_deleted', '=', 0).where('name', 'like', `%${plain(value)}%`).limit(5000).execute();
  // No alumnus of that name: an id no row has, so the list is empty.
  return [{ field, op: 'in', value: rows.length ? rows.map((r) => String(r.id)) : ['0'] }];
};

/** The display names of alumni by id, for answers that name several (`visitedAlumniNames`). */
export async function alumniNames(db: Db, tenantId: string, idList: string[]): Promise<Map<string, { name: string; alumniCode: string; departmentId: string | null; firstEnrollmentYear: number | null; birthday: string | null }>> {
  const out = new Map<string, { name: string; alumniCode: string; departmentId: string | null; firstEnrollmentYear: number | null; birthday: string | null }>();
  const unique = [...new Set(idList.filter((id) => id !== ''))];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db.selectFrom(basicInfoEntity.table)
      .select(['id', 'name', 'alumni_code', 'department_id', 'first_enrollment_year', 'birthday'])
      .where('tenant_id', '=', tenantId).where('id', 'in', unique.slice(i, i + 500)).execute();
    for (const r of rows) {
      out.set(String(r.id), {
        name: String(r.name), alumniCode: String(r.alumni_code ?? ''), departmentId: r.department_id === null ? null : String(r.department_id),
        firstEnrollmentYear: r.first_enrollment_year === null ? null : Number(r.first_enrollment_year),
        birthday: r.birthday === null ? null : String(r.birthday).slice(0, 10),
      });
    }
  }
  return out;
}

/** Names of rows of a table by id (`department_name` of departments …). */
export async function namesOf(db: Db, table: string, column: string, tenantId: string, idList: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(idList.filter((id) => id !== '' && id !== 'null'))];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom(table).select(['id', column]).where('tenant_id', '=', tenantId).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [String(r.id), String((r as Record<string, unknown>)[column] ?? '')]));
}
