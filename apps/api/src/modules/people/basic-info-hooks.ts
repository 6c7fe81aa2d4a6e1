import {
  BASIC_INFO_MSG, EXAMINE_MSG, STATUS_SOURCE, basicInfoEntity, studentEntity, studentStatusEntity,
} from '@alumni/domain';
import { now } from '../../core/time.js';
import { badRequest } from '../../core/errors.js';
import type { EntityHooks } from '../../engine/entity-hooks.js';
import { after } from '../academic/academic-rules.js';
import { addStudyRecord } from './study-records.js';
import { checkIdentity } from './study-rules.js';

/** `regist_source` 3: typed in by staff. */
const STAFF_ENTRY = '3';

/**
 * The alumni record's rules built so far (DOMAIN 4.3.3): a resident ID gives the birthday and the
 * gender, and an ID number belongs to one record of the tenant. A record is made by the server
 * (from the roster, later from registrations) or by staff with at least one study record.
 */
export function basicInfoHooks(): EntityHooks {
  return {
    async beforeSave(ctx, values, existing) {
      if (!existing && !ctx.system) {
        const statuses = ctx.body?.studentStatuses;
        if (!Array.isArray(statuses) || statuses.length === 0) throw badRequest(BASIC_INFO_MSG.needsStatus);
        values.source = STAFF_ENTRY;
      }
      checkIdentity(ctx, values, existing);
      const idCardNo = after(values, existing, 'idCardNo');
      if (idCardNo === null || idCardNo === '') return;
      let twin = ctx.db.selectFrom(basicInfoEntity.table).select(['alumni_code', 'name'])
        .where('tenant_id', '=', ctx.caller.tenantId).where('is_deleted', '=', 0)
        .where('id_type', '=', String(after(values, existing, 'idType'))).where('id_card_no', '=', String(idCardNo));
      if (existing) twin = twin.where('id', '!=', String(existing.id));
      const found = await twin.executeTakeFirst();
      if (found) {
        const message = BASIC_INFO_MSG.idCardTaken;
        const fill = { alumniCode: String(found.alumni_code ?? ''), name: String(found.name ?? '') };
        throw badRequest(message, fill, { errors: { idCardNo: message[ctx.lang].replace('{alumniCode}', fill.alumniCode).replace('{name}', fill.name) } });
      }
    },
    async afterSave(ctx, record, existing) {
      if (existing || ctx.system) return;
      // Staff vouch for the record; its study records are approved when they may examine them.
      const examiner = ctx.codes?.has('studentstatus_examine') ?? false;
      for (const status of ctx.body?.studentStatuses as Record<string, unknown>[]) {
        if (!status || typeof status !== 'object') throw badRequest(BASIC_INFO_MSG.needsStatus);
        await addStudyRecord(ctx, { ...status, alumniId: String(record.id) }, { source: STATUS_SOURCE.staff },
          examiner ? EXAMINE_MSG.approvedOnCreate.zh : null);
      }
    },
    async beforeRemove(ctx, rows) {
      // The study records go with the alumnus; roster rows stay, no longer linked.
      const ids = rows.map((r) => String(r.id));
      const stamp = { update_user: ctx.caller.userId, update_time: now() };
      await ctx.db.updateTable(studentStatusEntity.table).set({ is_deleted: 1, ...stamp })
        .where('tenant_id', '=', ctx.caller.tenantId).where('alumni_id', 'in', ids).execute();
      await ctx.db.updateTable(studentEntity.table).set({ alumni_id: null, ...stamp })
        .where('tenant_id', '=', ctx.caller.tenantId).where('alumni_id', 'in', ids).execute();
    },
  };
}
