import {
  CARE_STATUS, MIN_MINUTES, VISIT_MSG, VISIT_STATUS, basicInfoEntity, careListEntity, departmentEntity, type SubmitValues,
} from '@alumni/domain';
import { badRequest } from '../../core/errors.js';
import type { Db } from '../../db/database.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { EntityHooks, WriteContext } from '../../engine/entity-hooks.js';
import { after } from '../academic/academic-rules.js';
import { regionNames, regionText } from './association-hooks.js';
import { alumniNames, checkDates, checkFiles, namesOf, refuse } from './relation-rules.js';

const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';
const split = (v: unknown) => (blank(v) ? [] : String(v).split(',').map((s) => s.trim()).filter((s) => s !== ''));
const CHINA = '中国';
const ALUMNI_MISSING = { zh: '所选走访校友不存在', en: 'An alumnus visited does not exist' };
const DEPARTMENT_MISSING = { zh: '所选走访单位不存在', en: 'The visiting college does not exist' };

/**
 * The rules of a visit record (DOMAIN 5.4) beyond the shared examination (drafts, hand-in, lock):
 * whom was visited, where, the minutes to hand in, the unit (`orgDeptId`) and what approval does
 * to a named care entry.
 */
export function visitRecordHooks(db: () => Db): EntityHooks {
  return {
    listParams: {
      // Records that visited this alumnus: the id is one of `visitedAlumniIds` (ids have a fixed length).
      async alumniId(value) {
        if (!/^\d{1,19}$/.test(value)) throw badRequest({ zh: '查询条件 alumniId 的值不正确', en: 'The value of filter alumniId is not valid' });
        return [{ field: 'visitedAlumniIds', op: 'like', value }];
      },
    },
    async beforeSave(ctx, values, existing) {
      const alumni = split(after(values, existing, 'visitedAlumniIds'));
      if (alumni.length === 0 && blank(after(values, existing, 'visitedOrganization'))) throw refuse(ctx, 'visitedAlumniIds', VISIT_MSG.whomRequired);
      if ('visitedAlumniIds' in values && alumni.length > 0) {
        const found = await ctx.db.selectFrom(basicInfoEntity.table).select('id').where('tenant_id', '=', ctx.caller.tenantId)
          .where('is_deleted', '=', 0).where('id', 'in', alumni).execute();
        if (found.length !== new Set(alumni).size) throw refuse(ctx, 'visitedAlumniIds', ALUMNI_MISSING);
        values.visitedAlumniIds = [...new Set(alumni)].join(',');
      }
      if (String(after(values, existing, 'country') ?? CHINA) === CHINA && blank(after(values, existing, 'provinceCode'))) {
        throw refuse(ctx, 'provinceCode', VISIT_MSG.provinceRequired);
      }
      if (Number(after(values, existing, 'visitStatus')) === VISIT_STATUS.pending && [...String(after(values, existing, 'content') ?? '').trim()].length < MIN_MINUTES) {
        throw refuse(ctx, 'content', VISIT_MSG.minutesRequired);
      }
      checkDates(ctx, values, ['visitDate'], 'nextVisitDate' in values && (!existing || values.nextVisitDate !== existing.nextVisitDate) ? ['nextVisitDate'] : []);
      checkFiles(ctx, values, { photos: 9, attachments: 5 });
      const careListId = after(values, existing, 'careListId');
      if ('careListId' in values && !blank(careListId)) {
        const care = await ctx.db.selectFrom(careListEntity.table).select('id').where('id', '=', String(careListId))
          .where('tenant_id', '=', ctx.caller.tenantId).where('is_deleted', '=', 0).executeTakeFirst();
        if (!care) throw refuse(ctx, 'careListId', VISIT_MSG.careMissing);
      }
      await deriveUnit(ctx, values, existing);
    },
    async beforeRemove(_ctx, rows) {
      const status = (r: JsonRecord) => Number(r.visitStatus);
      if (rows.some((r) => status(r) === VISIT_STATUS.pending || status(r) === VISIT_STATUS.approved)) throw badRequest(VISIT_MSG.notRemovable);
    },
    async afterExamine(ctx, row, status) {
      if (status !== VISIT_STATUS.approved || blank(row.careListId)) return;
      // The care entry the visit was for is done (DOMAIN 5.3).
      const title = String(row.title);
      await ctx.db.updateTable(careListEntity.table).set({
        care_status: CARE_STATUS.done, care_date: String(row.visitDate).slice(0, 10), care_method: '1',
        care_content: VISIT_MSG.careDone.zh.replace('{title}', title), update_user: ctx.caller.userId,
      }).where('id', '=', String(row.careListId)).where('tenant_id', '=', ctx.caller.tenantId).where('is_deleted', '=', 0)
        .where('care_status', 'in', [CARE_STATUS.waiting, CARE_STATUS.following]).execute();
    },
    async withRelated(records, caller) {
      const alumni = await alumniNames(db(), caller.tenantId, records.flatMap((r) => split(r.visitedAlumniIds)));
      const regions = await regionNames(db(), records.flatMap((r) => [r.provinceCode, r.cityCode]).filter((c): c is string => typeof c === 'string' && c !== ''));
      const cares = await namesOf(db(), careListEntity.table, 'care_reason', caller.tenantId, records.map((r) => String(r.careListId ?? '')));
      for (const r of records) {
        r.visitedAlumniNames = split(r.visitedAlumniIds).map((id) => alumni.get(id)?.name).filter((n): n is string => !!n).join(',');
        r.regionName = regionText(r, regions);
        r.careListTitle = blank(r.careListId) ? null : (cares.get(String(r.careListId)) ?? null);
      }
    },
  };
}

/** The department's unit, or without a department the creator's department (DOMAIN 5.4). */
async function deriveUnit(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null): Promise<void> {
  const departmentId = after(values, existing, 'departmentId');
  if (!blank(departmentId)) {
    const department = await ctx.db.selectFrom(departmentEntity.table).select('org_dept_id').where('id', '=', String(departmentId))
      .where('tenant_id', '=', ctx.caller.tenantId).where('is_deleted', '=', 0).executeTakeFirst();
    if (!department) throw refuse(ctx, 'departmentId', DEPARTMENT_MISSING);
    values.orgDeptId = department.org_dept_id === null ? null : String(department.org_dept_id);
    return;
  }
  const creatorDept = existing ? existing.createDept : ctx.caller.deptId;
  values.orgDeptId = blank(creatorDept) ? null : String(creatorDept).split(',')[0] ?? null;
}
