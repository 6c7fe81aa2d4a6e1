import { ASSOCIATION_STATE, MEMBER_MSG, POSITION, associationEntity, associationMemberEntity, departmentEntity } from '@alumni/domain';
import type { Db } from '../../db/database.js';
import type { EntityHooks } from '../../engine/entity-hooks.js';
import { after } from '../academic/academic-rules.js';
import { alumniNameFilter, alumniNames, alumnusOf, checkDates, dayFromToday, namesOf, refuse } from './relation-rules.js';

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).slice(0, 10));

/** The rules of an association member (DOMAIN 5.1): one row per alumnus, one president in office, the association's unit. */
export function memberHooks(db: () => Db): EntityHooks {
  return {
    listParams: { alumniName: alumniNameFilter(db) },
    async beforeSave(ctx, values, existing) {
      const associationId = String(after(values, existing, 'associationId'));
      const association = await ctx.db.selectFrom(associationEntity.table).select(['id', 'association_state', 'org_dept_id'])
        .where('id', '=', associationId).where('tenant_id', '=', ctx.caller.tenantId).where('is_deleted', '=', 0).executeTakeFirst();
      if (!association) throw refuse(ctx, 'associationId', MEMBER_MSG.associationMissing);
      if (!existing && String(association.association_state) === ASSOCIATION_STATE.dissolved) throw refuse(ctx, 'associationId', MEMBER_MSG.dissolved);
      await alumnusOf(ctx, values, existing);
      if (!existing && (values.joinDate === null || values.joinDate === undefined)) values.joinDate = dayFromToday(0);
      checkDates(ctx, values, ['joinDate']);
      const start = text(after(values, existing, 'termStart'));
      const end = text(after(values, existing, 'termEnd'));
      if (start && end && end < start) throw refuse(ctx, 'termEnd', MEMBER_MSG.badTerm);
      const today = dayFromToday(0);
      const inOffice = String(after(values, existing, 'position')) === POSITION.president && Number(after(values, existing, 'isActive')) === 1
        && (!start || start <= today) && (!end || end >= today);
      if (inOffice) {
        let query = ctx.db.selectFrom(associationMemberEntity.table).select(['id', 'term_start', 'term_end'])
          .where('tenant_id', '=', ctx.caller.tenantId).where('is_deleted', '=', 0).where('association_id', '=', associationId)
          .where('position', '=', POSITION.president).where('is_active', '=', 1);
        if (existing) query = query.where('id', '<>', String(existing.id));
        const others = await query.execute();
        if (others.some((o) => (!text(o.term_start) || text(o.term_start) <= today) && (!text(o.term_end) || text(o.term_end) >= today))) {
          throw refuse(ctx, 'position', MEMBER_MSG.presidentTaken);
        }
      }
      values.orgDeptId = association.org_dept_id === null ? null : String(association.org_dept_id);
    },
    async withRelated(records, caller) {
      const alumni = await alumniNames(db(), caller.tenantId, records.map((r) => String(r.alumniId ?? '')));
      const departments = await namesOf(db(), departmentEntity.table, 'department_name', caller.tenantId,
        [...alumni.values()].map((a) => a.departmentId ?? ''));
      for (const r of records) {
        const a = alumni.get(String(r.alumniId ?? ''));
        r.alumniCode = a?.alumniCode ?? null;
        r.departmentName = a?.departmentId ? (departments.get(a.departmentId) ?? null) : null;
        r.firstEnrollmentYear = a?.firstEnrollmentYear ?? null;
      }
    },
  };
}
