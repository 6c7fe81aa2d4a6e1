import {
  PLATFORM_TENANT, REGION_LEVEL_COLUMNS, REGION_MSG, REGION_ROOT, fill, isRegionLevel, regionCodeProblem, regionEntity, snake,
  type RegionLevel,
} from '@alumni/domain';
import { badRequest, forbidden, invalidFields } from '../../core/errors.js';
import type { Db } from '../../db/database.js';
import { rowToRecord, selectColumns, type JsonRecord } from '../../db/row-mapping.js';
import type { EntityHooks } from '../../engine/entity-hooks.js';
import { chainOf, derivedColumns, type RegionParent } from './region-rules.js';

const table = regionEntity.table;

/** The live region with this code, read inside the write's transaction. */
export async function regionByCode(db: Db, code: string): Promise<JsonRecord | null> {
  const row = await db.selectFrom(table).select(selectColumns(regionEntity)).where('code', '=', code).where('is_deleted', '=', 0).executeTakeFirst();
  return row ? rowToRecord(regionEntity, row) : null;
}

function asParent(record: JsonRecord): RegionParent | null {
  const level = Number(record.regionLevel);
  if (!isRegionLevel(level)) return null;
  return { code: String(record.code), ancestors: String(record.ancestors ?? REGION_ROOT), regionLevel: level, chain: chainOf(record) };
}

/**
 * Rules of the region tree. A new region names its parent by code (`00` for a province); the parent
 * must be a live region one level up, and the code must have the length and prefix of its level
 * (`regionCodeProblem`). Code, parent and level are fixed once created; the server fills
 * `ancestors` and the province … village columns from the parent chain, and a rename is carried
 * into the name column of every region below. A region with children cannot be removed alone.
 */
export const regionHooks: EntityHooks = {
  async beforeSave(ctx, values, existing) {
    // Reference data every tenant reads: written by the platform tenant alone.
    if (ctx.caller.tenantId !== PLATFORM_TENANT) throw forbidden();
    if (existing) {
      const level = Number(existing.regionLevel);
      if ('name' in values && isRegionLevel(level)) values[REGION_LEVEL_COLUMNS[level].name] = values.name;
      return;
    }
    const lang = ctx.lang;
    const code = String(values.code ?? '');
    const parentCode = values.parentCode === null || values.parentCode === undefined || values.parentCode === '' ? REGION_ROOT : String(values.parentCode);
    values.parentCode = parentCode;
    const errors: Record<string, string> = {};
    let parent: RegionParent | null = null;
    let expected: number | null = 1;
    if (parentCode !== REGION_ROOT) {
      const record = await regionByCode(ctx.db, parentCode);
      parent = record ? asParent(record) : null;
      if (!parent) {
        errors.parentCode = fill(REGION_MSG.parentMissing[lang], { value: parentCode });
        expected = null;
      } else if (parent.regionLevel === 5) {
        errors.parentCode = REGION_MSG.tooDeep[lang];
        expected = null;
      } else {
        expected = parent.regionLevel + 1;
      }
    }
    const level = Number(values.regionLevel);
    if (expected !== null && level !== expected) {
      errors.regionLevel = fill(REGION_MSG.levelMismatch[lang], { level: expected });
    }
    // The code is judged by the level it must have (its parent's plus one), whatever level was sent;
    // without a usable parent only its digits can be.
    if (expected !== null) {
      const problem = regionCodeProblem(code, expected as RegionLevel, parentCode, lang);
      if (problem) errors.code = problem;
    } else if (!/^(\d{6}|\d{9}|\d{12})$/.test(code)) {
      errors.code = fill(REGION_MSG.codeDigits[lang], { length: '6/9/12' });
    }
    if (Object.keys(errors).length) throw invalidFields(errors);
    Object.assign(values, derivedColumns(parent, code, String(values.name ?? ''), expected as RegionLevel));
  },

  async afterSave(ctx, record, existing) {
    if (!existing || existing.name === record.name) return;
    const level = Number(record.regionLevel);
    if (!isRegionLevel(level)) return;
    const columns = REGION_LEVEL_COLUMNS[level];
    // The regions below carry this region's name in the column of its level.
    await ctx.db.updateTable(table).set({ [snake(columns.name)]: record.name })
      .where(snake(columns.code), '=', String(record.code)).where('is_deleted', '=', 0).execute();
  },

  async beforeRemove(ctx, rows) {
    if (ctx.caller.tenantId !== PLATFORM_TENANT) throw forbidden();
    const removing = new Set(rows.map((r) => String(r.id)));
    const codes = rows.map((r) => String(r.code));
    const children = await ctx.db.selectFrom(table).select('id')
      .where('parent_code', 'in', codes).where('is_deleted', '=', 0).execute();
    if (children.some((c) => !removing.has(String(c.id)))) throw badRequest(REGION_MSG.hasChildren);
  },
};
