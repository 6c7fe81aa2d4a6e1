import { ACADEMIC_MSG, EXAMINE_STATUS, hasChinese, type EntityDef, type Lang, type SubmitValues } from '@alumni/domain';
import type { Params } from '../../access/params.js';
import { badRequest } from '../../core/errors.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { WriteContext } from '../../engine/entity-hooks.js';

/** Founding year of the school when the parameter is missing. */
const DEFAULT_BEGIN_YEAR = 1952;

/** A field's value after this write: the sent one, else the stored one. */
export const after = (values: SubmitValues, existing: JsonRecord | null, name: string): string | number | null =>
  name in values ? (values[name] ?? null) : (existing?.[name] ?? null);

/** Whether a value holds something: not null, not missing, not blank. */
export const filled = (value: unknown): boolean => value !== null && value !== undefined && String(value).trim() !== '';

const labelOf = (entity: EntityDef, name: string, lang: Lang) => entity.fields[name]?.label[lang] ?? name;

/**
 * Years of a unit's history: each between the school's founding year (parameter
 * `alumni.schoolBeginYear`) and this year, the end not before the start. Sets `isHistorical`.
 */
export async function checkHistory(ctx: WriteContext, params: Params, values: SubmitValues, existing: JsonRecord | null): Promise<void> {
  const begin = await params.number(ctx.caller.tenantId, 'alumni.schoolBeginYear', DEFAULT_BEGIN_YEAR, ctx.db);
  const current = new Date().getFullYear();
  // The founding year itself may precede the school (a department older than the school's records).
  for (const name of ['foundYear', 'abolishYear']) {
    const v = after(values, existing, name);
    if (v === null) continue;
    const min = name === 'abolishYear' ? begin : 1000;
    if (Number(v) < min || Number(v) > current) {
      throw badRequest(ACADEMIC_MSG.badYear, { label: labelOf(ctx.entity, name, ctx.lang), min, max: current });
    }
  }
  const found = after(values, existing, 'foundYear');
  const abolish = after(values, existing, 'abolishYear');
  if (found !== null && abolish !== null && Number(abolish) < Number(found)) {
    throw badRequest(ACADEMIC_MSG.abolishBeforeFound, { label: labelOf(ctx.entity, 'abolishYear', ctx.lang) });
  }
  values.isHistorical = abolish === null ? 0 : 1;
}

export function checkNoChinese(ctx: WriteContext, values: SubmitValues, name: string): void {
  const v = values[name];
  if (typeof v === 'string' && hasChinese(v)) throw badRequest(ACADEMIC_MSG.noChinese, { label: labelOf(ctx.entity, name, ctx.lang) });
}

/**
 * When an examiner renames an approved unit, the old name joins its former names as
 * `旧名(…–this year)`, unless it is already there.
 */
export function keepFormerName(values: SubmitValues, existing: JsonRecord | null, nameField: string): void {
  if (!existing || Number(existing.examineStatus) !== EXAMINE_STATUS.approved) return;
  const oldName = String(existing[nameField] ?? '');
  const newName = values[nameField];
  if (typeof newName !== 'string' || newName === oldName || oldName === '') return;
  const former = String(after(values, existing, 'formerNames') ?? '');
  const names = former.split('；').map((n) => n.trim()).filter(Boolean);
  if (names.some((n) => n === oldName || n.startsWith(`${oldName}(`))) return;
  values.formerNames = [...names, `${oldName}(…–${new Date().getFullYear()})`].join('；').slice(0, 255);
}

/** Rows that are not rejected: a rejected proposal does not hold a name. */
export const notRejected = EXAMINE_STATUS.rejected;
