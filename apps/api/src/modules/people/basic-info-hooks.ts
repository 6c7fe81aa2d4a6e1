import { BASIC_INFO_MSG, REGIST_SOURCE, registInfoEntity, studentEntity, studentStatusEntity } from '@alumni/domain';
import { now } from '../../core/time.js';
import { badRequest } from '../../core/errors.js';
import type { EntityHooks } from '../../engine/entity-hooks.js';
import { after } from '../academic/academic-rules.js';
import { alumnusDetailExtras, type AlumnusReads } from './alumnus-detail.js';
import { consentAfterSave, consentBeforeSave } from './alumnus-consent.js';
import { addAlumnusStudyRecords } from './alumnus-study-records.js';
import { checkIdentity } from './study-rules.js';
import type { Duplicates } from '../identity/duplicates.js';
import type { IdentityKeys } from '../identity/identity-keys.js';
import { normalIdNumber } from '../identity/identity-normal.js';

/**
 * The alumni record's rules built so far (DOMAIN 4.3.3): a resident ID gives the birthday and the
 * gender, an ID number belongs to one record of the tenant, and the record's identity keys follow
 * its values (duplicate detection); staff changes of consent are logged, and a deceased alumnus is
 * no longer reached. A record is made by the server (from the roster or a registration, whose
 * writer logs the consent it carries) or by staff, typed in or imported, with at least one study
 * record.
 */
export function basicInfoHooks(keys: IdentityKeys, duplicates: Duplicates, reads: AlumnusReads): EntityHooks {
  return {
    async beforeSave(ctx, values, existing) {
      if (!existing && !ctx.system) {
        const statuses = ctx.body?.studentStatuses;
        if (!Array.isArray(statuses) || statuses.length === 0) throw badRequest(BASIC_INFO_MSG.needsStatus);
        values.source = ctx.via === 'import' ? REGIST_SOURCE.import : REGIST_SOURCE.staff;
      }
      if (!ctx.system) consentBeforeSave(values, existing);
      // A resident ID is kept in its one form (capital X, no spaces); other documents as typed.
      if (typeof values.idCardNo === 'string' && values.idCardNo !== '' && String(after(values, existing, 'idType') ?? '1') === '1') {
        values.idCardNo = normalIdNumber(values.idCardNo);
      }
      checkIdentity(ctx, values, existing);
      const idCardNo = after(values, existing, 'idCardNo');
      if (idCardNo === null || idCardNo === '') return;
      // The same ID number as another record (compared normalised) is refused (DOMAIN 1.6, level 3).
      const person = { idType: after(values, existing, 'idType'), idCardNo };
      const twins = await duplicates.candidates(ctx.db, ctx.caller.tenantId, person, existing ? String(existing.id) : null);
      const found = twins.find((c) => c.matchRule === 'ID_CARD');
      if (found) {
        const message = BASIC_INFO_MSG.idCardTaken;
        const fill = { alumniCode: found.alumniCode ?? '', name: found.name };
        throw badRequest(message, fill, { errors: { idCardNo: message[ctx.lang].replace('{alumniCode}', fill.alumniCode).replace('{name}', fill.name) } });
      }
    },
    async afterSave(ctx, record, existing) {
      await keys.store(ctx.db, ctx.caller.tenantId, String(record.id), record);
      if (!ctx.system) await consentAfterSave(ctx, record, existing);
      if (!ctx.system && ctx.via !== 'import') {
        // A medium-level candidate is saved, and answered so the form can point at it (DOMAIN 4.3.3).
        const candidates = await duplicates.candidates(ctx.db, ctx.caller.tenantId, record, String(record.id));
        (record as Record<string, unknown>).duplicateCandidates = candidates.filter((c) => c.matchLevel >= 2);
      }
      // Staff vouch for the record; an imported row also brings its study record to an alumnus it updates.
      if (!ctx.system) await addAlumnusStudyRecords(ctx, record, existing);
    },
    detailExtras: (stored, caller) => alumnusDetailExtras(reads, stored, caller),
    async beforeRemove(ctx, rows) {
      // The study records and identity keys go with the alumnus; roster rows and registrations stay, no longer linked.
      const ids = rows.map((r) => String(r.id));
      await keys.drop(ctx.db, ids);
      await ctx.db.updateTable(registInfoEntity.table).set({ alumni_id: null })
        .where('tenant_id', '=', ctx.caller.tenantId).where('alumni_id', 'in', ids).execute();
      const stamp = { update_user: ctx.caller.userId, update_time: now() };
      await ctx.db.updateTable(studentStatusEntity.table).set({ is_deleted: 1, ...stamp })
        .where('tenant_id', '=', ctx.caller.tenantId).where('alumni_id', 'in', ids).execute();
      await ctx.db.updateTable(studentEntity.table).set({ alumni_id: null, ...stamp })
        .where('tenant_id', '=', ctx.caller.tenantId).where('alumni_id', 'in', ids).execute();
    },
  };
}
