import {
  DOC_QUERY_MSG, DOC_STATUS, DOC_STEPS, ID_CARD_MSG, MOBILE_MSG, NO_CHINESE_MSG, TELEPHONE_MSG, basicInfoEntity, departmentEntity,
  docQueryEntity, hasChinese, isIdCard, isMobile, isTelephone, specialityEntity, type SubmitValues,
} from '@alumni/domain';
import { badRequest, forbidden } from '../../core/errors.js';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { EntityHooks, WriteContext } from '../../engine/entity-hooks.js';
import type { EntityRepository } from '../../engine/entity-repository.js';
import { after } from '../academic/academic-rules.js';
import { alumniNames, checkDates, checkFiles, refuse } from './relation-rules.js';

const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';
const HANDLE = 'docquery_handle';
const FINAL = new Set<string>([DOC_STATUS.done, DOC_STATUS.rejected, DOC_STATUS.withdrawn]);
const REMOVABLE = new Set<string>([DOC_STATUS.waiting, DOC_STATUS.rejected, DOC_STATUS.withdrawn]);
const STATUS_NAMES: Record<string, { zh: string; en: string }> = {
  '0': { zh: '待受理', en: 'waiting' }, '1': { zh: '办理中', en: 'being handled' }, '2': { zh: '已办结', en: 'completed' },
  '3': { zh: '已驳回', en: 'rejected' }, '4': { zh: '已撤销', en: 'withdrawn' },
};
const DEPARTMENT_MISSING = { zh: '所选院系不存在', en: 'The department does not exist' };
const SPECIALITY_OUTSIDE = { zh: '所选专业不属于该院系', en: 'The speciality does not belong to the department' };

/**
 * The rules of a document query (DOMAIN 5.5): the applicant's identity and contact, delivery
 * details, and the handling steps (a change of `handleStatus` sent with update) with what each needs.
 */
export function docQueryHooks(db: () => Db, repository: () => EntityRepository): EntityHooks {
  return {
    listParams: {
      // The requests a staff member accepted (a declared filter: rows without a handler never match).
      async handlerId(value) {
        if (!/^\d{1,19}$/.test(value)) throw badRequest({ zh: '查询条件 handlerId 的值不正确', en: 'The value of filter handlerId is not valid' });
        return [{ field: 'handlerId', op: 'equal', value }];
      },
    },
    async beforeSave(ctx, values, existing) {
      const status = existing ? String(existing.handleStatus) : DOC_STATUS.waiting;
      const sent = ctx.body?.handleStatus;
      const to = blank(sent) ? status : String(sent);
      if (existing && FINAL.has(status)) {
        // A final request keeps what was sent where: only the remark may still change.
        const changed = Object.keys(values).filter((f) => f !== 'remark' && String(values[f] ?? '') !== String(existing[f] ?? ''));
        if (changed.length > 0 || to !== status) throw badRequest(DOC_QUERY_MSG.finalOnlyRemark);
        return;
      }
      checkPerson(ctx, values, existing);
      await checkUnits(ctx, values, existing);
      checkDelivery(ctx, values, existing);
      checkDates(ctx, values, ['transferDate']);
      checkFiles(ctx, values, { resultFiles: 5 });
      if (!existing) {
        Object.assign(values, { handleStatus: DOC_STATUS.waiting, applyTime: now(), handlerId: null, acceptTime: null, finishTime: null });
        if (blank(values.alumniId)) values.alumniId = await matchAlumnus(ctx, repository(), values);
      }
      if (existing && to !== status) {
        if (!ctx.codes?.has(HANDLE)) throw forbidden();
        step(ctx, values, existing, status, to);
      }
    },
    async beforeRemove(_ctx, rows) {
      if (rows.some((r) => !REMOVABLE.has(String(r.handleStatus)))) throw badRequest(DOC_QUERY_MSG.notRemovable);
    },
    async withRelated(records, caller) {
      const alumni = await alumniNames(db(), caller.tenantId, records.map((r) => String(r.alumniId ?? '')));
      for (const r of records) r.alumniCode = alumni.get(String(r.alumniId ?? ''))?.alumniCode ?? null;
    },
  };
}

/** One handling step (DOMAIN 5.5) with what it needs and sets. */
function step(ctx: WriteContext, values: SubmitValues, existing: JsonRecord, from: string, to: string): void {
  if (!(DOC_STEPS[from] ?? []).includes(to)) {
    throw refuse(ctx, 'handleStatus', DOC_QUERY_MSG.badStep, { from: STATUS_NAMES[from]?.[ctx.lang] ?? from, to: STATUS_NAMES[to]?.[ctx.lang] ?? to });
  }
  const value = (f: string) => after(values, existing, f);
  const stamp = now();
  if (to === DOC_STATUS.handling) Object.assign(values, { handlerId: ctx.caller.userId, acceptTime: stamp });
  if (to === DOC_STATUS.rejected && blank(value('replyContent'))) throw refuse(ctx, 'replyContent', DOC_QUERY_MSG.replyRequired);
  if (to === DOC_STATUS.withdrawn && blank(value('remark'))) throw refuse(ctx, 'remark', DOC_QUERY_MSG.remarkRequired);
  if (to === DOC_STATUS.done) {
    const type = String(value('queryType'));
    if (type === '1' && blank(value('archiveLocation'))) throw refuse(ctx, 'archiveLocation', DOC_QUERY_MSG.archiveRequired);
    if (type === '2') {
      const missing = ['archiveLocation', 'transferDate', 'trackingNo'].find((f) => blank(value(f)));
      if (missing) throw refuse(ctx, missing, DOC_QUERY_MSG.transferRequired);
    }
    if (['2', '3'].includes(String(value('deliveryMethod'))) && blank(value('trackingNo'))) throw refuse(ctx, 'trackingNo', DOC_QUERY_MSG.trackingRequired);
    if (blank(value('replyContent'))) throw refuse(ctx, 'replyContent', DOC_QUERY_MSG.replyRequired);
    values.finishTime = stamp;
  }
  values.handleStatus = to;
}

/** A resident ID is valid; a mainland phone is a mobile, another a telephone number; the graduation year follows enrollment. */
function checkPerson(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null): void {
  const idCardNo = String(after(values, existing, 'idCardNo') ?? '');
  if ('idCardNo' in values || 'idType' in values) {
    if (String(after(values, existing, 'idType')) === '1') {
      if (!isIdCard(idCardNo)) throw refuse(ctx, 'idCardNo', ID_CARD_MSG);
    } else if (hasChinese(idCardNo) || idCardNo.length < 5) throw refuse(ctx, 'idCardNo', ID_CARD_MSG);
    if (typeof values.idCardNo === 'string' && !values.idCardNo.includes('*')) values.idCardNo = values.idCardNo.toUpperCase();
  }
  if (('phone' in values || 'areaCode' in values) && typeof values.phone === 'string' && !values.phone.includes('*')) {
    const mainland = String(after(values, existing, 'areaCode') ?? '+86') === '+86';
    if (mainland ? !isMobile(values.phone) : !isTelephone(values.phone)) throw refuse(ctx, 'phone', mainland ? MOBILE_MSG.invalid : TELEPHONE_MSG);
  }
  for (const f of ['studentNo', 'trackingNo']) {
    const v = values[f];
    if (typeof v === 'string' && hasChinese(v)) throw refuse(ctx, f, NO_CHINESE_MSG);
  }
  const enrollment = Number(after(values, existing, 'enrollmentYear'));
  const graduation = Number(after(values, existing, 'graduationYear'));
  if (graduation < enrollment) throw refuse(ctx, 'graduationYear', DOC_QUERY_MSG.badYears);
}

/** The department (historical ones too) and a speciality of it; the request belongs to the department's unit. */
async function checkUnits(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null): Promise<void> {
  if (!('departmentId' in values) && !('specialityId' in values)) return;
  const departmentId = String(after(values, existing, 'departmentId'));
  const department = await ctx.db.selectFrom(departmentEntity.table).select('org_dept_id').where('id', '=', departmentId)
    .where('tenant_id', '=', ctx.caller.tenantId).where('is_deleted', '=', 0).executeTakeFirst();
  if (!department) throw refuse(ctx, 'departmentId', DEPARTMENT_MISSING);
  const specialityId = after(values, existing, 'specialityId');
  if (!blank(specialityId)) {
    const speciality = await ctx.db.selectFrom(specialityEntity.table).select('department_id').where('id', '=', String(specialityId))
      .where('tenant_id', '=', ctx.caller.tenantId).where('is_deleted', '=', 0).executeTakeFirst();
    if (!speciality || String(speciality.department_id) !== departmentId) throw refuse(ctx, 'specialityId', SPECIALITY_OUTSIDE);
  }
  values.orgDeptId = department.org_dept_id === null ? null : String(department.org_dept_id);
}

/** Recipient and address for post (2) and confidential mail (3); the receiving organisation for 3. */
function checkDelivery(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null): void {
  const method = String(after(values, existing, 'deliveryMethod') ?? '');
  if (['2', '3'].includes(method)) {
    const missing = ['recipientName', 'mailingAddress'].find((f) => blank(after(values, existing, f)));
    if (missing) throw refuse(ctx, missing, DOC_QUERY_MSG.recipientRequired);
  }
  if (method === '3' && blank(after(values, existing, 'recipientOrg'))) throw refuse(ctx, 'recipientOrg', DOC_QUERY_MSG.orgRequired);
}

/** The alumnus with the same ID number, found by its keyed hash (DOMAIN 5.5: matched on save). */
async function matchAlumnus(ctx: WriteContext, repository: EntityRepository, values: SubmitValues): Promise<string | null> {
  if (blank(values.idCardNo)) return null;
  let query = ctx.db.selectFrom(basicInfoEntity.table).select('id').where('tenant_id', '=', ctx.caller.tenantId).where('is_deleted', '=', 0);
  for (const [column, value] of repository.exactColumns(basicInfoEntity, { idType: values.idType, idCardNo: values.idCardNo })) {
    query = value === null || value === undefined ? query.where(column, 'is', null) : query.where(column, '=', value as string);
  }
  const row = await query.executeTakeFirst();
  return row ? String(row.id) : null;
}

export { docQueryEntity };
