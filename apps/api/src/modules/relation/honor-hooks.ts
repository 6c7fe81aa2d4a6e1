import { HONOR_MSG, basicInfoEntity, departmentEntity } from '@alumni/domain';
import type { Db } from '../../db/database.js';
import type { EntityHooks } from '../../engine/entity-hooks.js';
import { after } from '../academic/academic-rules.js';
import { alumniNameFilter, alumniNames, alumnusOf, checkDates, checkFiles, dayFromToday, namesOf, refuse } from './relation-rules.js';

/** Categories and levels that make the alumnus a key alumnus (DOMAIN 5.2): conferred by the school, or international to provincial. */
const KEY_TYPES = new Set(['1']);
const KEY_LEVELS = new Set(['1', '2', '3']);

/** The rules of an honour (DOMAIN 5.2). */
export function honorHooks(db: () => Db): EntityHooks {
  return {
    listParams: { alumniName: alumniNameFilter(db) },
    async beforeSave(ctx, values, existing) {
      const alumnus = await alumnusOf(ctx, values, existing);
      values.orgDeptId = alumnus?.orgDeptId ?? null;
      const year = Number(after(values, existing, 'awardYear'));
      const thisYear = Number(dayFromToday(0).slice(0, 4));
      if (!Number.isInteger(year) || year < 1900 || year > thisYear) throw refuse(ctx, 'awardYear', HONOR_MSG.badYear);
      const awardDate = after(values, existing, 'awardDate');
      if (awardDate !== null && awardDate !== '' && !String(awardDate).startsWith(String(year))) throw refuse(ctx, 'awardDate', HONOR_MSG.dateOutsideYear);
      checkDates(ctx, values, ['awardDate']);
      checkFiles(ctx, values, { certificateImages: 6 });
    },
    async afterSave(ctx, record) {
      if (!KEY_TYPES.has(String(record.honorType)) && !KEY_LEVELS.has(String(record.honorLevel))) return;
      await ctx.db.updateTable(basicInfoEntity.table).set({ is_key_alumni: 1 })
        .where('id', '=', String(record.alumniId)).where('tenant_id', '=', ctx.caller.tenantId).execute();
    },
    async withRelated(records, caller) {
      const alumni = await alumniNames(db(), caller.tenantId, records.map((r) => String(r.alumniId ?? '')));
      const departments = await namesOf(db(), departmentEntity.table, 'department_name', caller.tenantId, [...alumni.values()].map((a) => a.departmentId ?? ''));
      for (const r of records) {
        const a = alumni.get(String(r.alumniId ?? ''));
        r.alumniCode = a?.alumniCode ?? null;
        r.departmentName = a?.departmentId ? (departments.get(a.departmentId) ?? null) : null;
      }
    },
  };
}
