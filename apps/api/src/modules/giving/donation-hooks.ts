import {
  DONATION_MSG, DONOR_TYPE, IN_KIND_METHOD, MOBILE_MSG, DONATION_STATUS, RECEIPT_STATUS, TELEPHONE_MSG,
  basicInfoEntity, departmentEntity, donationEntity, hasChinese, isMobile, isTelephone, listRows, shippedEntryLabel, type SubmitValues, type Text,
} from '@alumni/domain';
import { badRequest } from '../../core/errors.js';
import { formatDateTime, now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { EntityHooks, WriteContext } from '../../engine/entity-hooks.js';
import type { EntityNumbers } from '../../engine/numbering/entity-numbers.js';
import { after } from '../academic/academic-rules.js';

/** A refusal shown under the field it names. */
const refuse = (ctx: WriteContext, field: string, text: Text, fill: Record<string, string> = {}) => {
  let message = text[ctx.lang];
  for (const [k, v] of Object.entries(fill)) message = message.replace(`{${k}}`, v);
  return badRequest(text, fill, { errors: { [field]: message } });
};

const label = (ctx: WriteContext, field: string) => donationEntity.fields[field as keyof typeof donationEntity.fields]?.label[ctx.lang] ?? field;

/** The last moment a date recording the past may name: the end of tomorrow (one day of slack for time zones). */
const latestPast = () => `${formatDateTime(new Date(Date.now() + 86_400_000)).slice(0, 10)} 23:59:59`;

/** Whole cents of an amount. */
const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);

const empty = (v: unknown) => v === null || v === undefined || v === '';

/** Moves of `paymentStatus` allowed on an edit (DOMAIN 7, States). */
const PAYMENT_MOVES: Record<number, readonly number[]> = {
  [DONATION_STATUS.pledged]: [DONATION_STATUS.received, DONATION_STATUS.closed],
  [DONATION_STATUS.received]: [DONATION_STATUS.refunded],
  [DONATION_STATUS.refunded]: [],
  [DONATION_STATUS.closed]: [],
};
/** Moves of `receiptStatus` allowed on an edit (DOMAIN 7, Receipt). */
const RECEIPT_MOVES: Record<number, readonly number[]> = {
  [RECEIPT_STATUS.none]: [RECEIPT_STATUS.issued, RECEIPT_STATUS.notRequired],
  [RECEIPT_STATUS.issued]: [RECEIPT_STATUS.voided],
  [RECEIPT_STATUS.voided]: [RECEIPT_STATUS.issued],
  [RECEIPT_STATUS.notRequired]: [RECEIPT_STATUS.issued],
};

const PAYMENT_NAMES: Record<number, Text> = {
  0: { zh: '无需支付', en: 'Not required' }, 1: { zh: '待支付', en: 'Awaiting payment' }, 2: { zh: '已支付', en: 'Received' },
  3: { zh: '已退款', en: 'Refunded' }, 4: { zh: '已关闭', en: 'Closed' },
};
const RECEIPT_NAMES: Record<number, Text> = {
  0: { zh: '未开具', en: 'Not issued' }, 1: { zh: '已开具', en: 'Issued' }, 2: { zh: '已作废', en: 'Voided' }, 3: { zh: '无需开具', en: 'Not required' },
};

/**
 * The rules of a donation (DOMAIN 7) beyond its fields: who the donor is, the amount in CNY, the
 * moves of payment and receipt, the amount fixed while a receipt stands, the donation code given
 * when the gift is received, and the owning unit (the beneficiary college's, else the creator's).
 */
export function donationHooks(db: Db, numbers: EntityNumbers): EntityHooks {
  return {
    async beforeSave(ctx, values, existing) {
      await checkDonor(ctx, values, existing);
      checkContact(ctx, values, existing);
      checkAmounts(ctx, values, existing);
      checkFundSplits(ctx, values, existing);
      checkInstalments(ctx, values, existing);
      checkDates(ctx, values);
      checkPayment(ctx, values, existing);
      checkReceipt(ctx, values, existing);
      await deriveUnit(ctx, values, existing);
      if (!existing) values.thanked = 0;
      // A received gift has its code: given now when it arrives without one (DOMAIN 7, States).
      const received = Number(after(values, existing, 'paymentStatus')) === DONATION_STATUS.received;
      if (received && empty(existing?.donationCode)) {
        values.donationCode = await numbers.next(
          { entity: donationEntity, tenantId: ctx.caller.tenantId, db: ctx.db, stamp: now(), reads: ctx.reads },
          'donationCode', { donateTime: after(values, existing, 'donateTime') },
        );
      }
    },
    async withRelated(records, caller) {
      // Lists show the alumnus by code (DOMAIN 7: DonationVO adds alumniCode).
      const ids = [...new Set(records.map((r) => r.alumniId).filter((v): v is string => typeof v === 'string' && v !== ''))];
      const rows = ids.length === 0 ? [] : await db.selectFrom(basicInfoEntity.table).select(['id', 'alumni_code'])
        .where('tenant_id', '=', caller.tenantId).where('id', 'in', ids).execute();
      const codes = new Map(rows.map((r) => [String(r.id), r.alumni_code === null ? null : String(r.alumni_code)]));
      for (const r of records as Record<string, unknown>[]) r.alumniCode = typeof r.alumniId === 'string' ? codes.get(r.alumniId) ?? null : null;
    },
    async beforeRemove(ctx, rows) {
      for (const row of rows) {
        const status = Number(row.paymentStatus);
        const receipt = Number(row.receiptStatus);
        if ((status !== DONATION_STATUS.pledged && status !== DONATION_STATUS.closed) || receipt === RECEIPT_STATUS.issued) {
          throw badRequest(DONATION_MSG.noRemove);
        }
      }
    },
  };
}

/** The donor: an alumnus for type 1 (whose name is the default donor name), an association for type 3. */
async function checkDonor(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null): Promise<void> {
  const type = String(after(values, existing, 'donorType') ?? '');
  const alumniId = after(values, existing, 'alumniId');
  if (type === DONOR_TYPE.alumnus && empty(alumniId)) throw refuse(ctx, 'alumniId', DONATION_MSG.alumnusRequired);
  if (type === DONOR_TYPE.association && empty(after(values, existing, 'associationId'))) throw refuse(ctx, 'associationId', DONATION_MSG.associationRequired);
  if (!empty(alumniId) && ('alumniId' in values || 'donorName' in values)) {
    const alumnus = await ctx.db.selectFrom(basicInfoEntity.table).select(['name'])
      .where('id', '=', String(alumniId)).where('tenant_id', '=', ctx.caller.tenantId).where('is_deleted', '=', 0).executeTakeFirst();
    if (!alumnus) throw refuse(ctx, 'alumniId', DONATION_MSG.notFound);
    if (type === DONOR_TYPE.alumnus && empty(values.donorName)) values.donorName = String(alumnus.name);
  }
  if (empty(after(values, existing, 'donorName'))) throw refuse(ctx, 'donorName', DONATION_MSG.donorNameRequired);
}

/** The personal-phone rule (DOMAIN 1.4): a mainland mobile with +86, else a telephone number. */
function checkContact(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null): void {
  if (!('phone' in values) && !('areaCode' in values)) return;
  const phone = after(values, existing, 'phone');
  if (empty(phone)) return;
  // A masked phone sent back unchanged was kept by the engine and is not checked again.
  if (existing && phone === existing.phone) return;
  const areaCode = String(after(values, existing, 'areaCode') ?? '+86') || '+86';
  if (areaCode === '+86' ? !isMobile(String(phone)) : !isTelephone(String(phone))) {
    throw refuse(ctx, 'phone', areaCode === '+86' ? MOBILE_MSG.invalid : TELEPHONE_MSG);
  }
}

/** The CNY amount equals the amount for CNY and is required otherwise; goods are described; no Chinese in a transaction number. */
function checkAmounts(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null): void {
  const currency = String(after(values, existing, 'currency') ?? 'CNY');
  if (currency === 'CNY') {
    if ('amount' in values || 'currency' in values || 'cnyAmount' in values) values.cnyAmount = after(values, existing, 'amount');
  } else if (empty(after(values, existing, 'cnyAmount'))) {
    throw refuse(ctx, 'cnyAmount', DONATION_MSG.cnyRequired);
  }
  if (String(after(values, existing, 'donationMethod')) === IN_KIND_METHOD && empty(after(values, existing, 'inKindDescription'))) {
    throw refuse(ctx, 'inKindDescription', DONATION_MSG.inKindRequired);
  }
  const payOrderNo = values.payOrderNo;
  if (typeof payOrderNo === 'string' && hasChinese(payOrderNo)) throw refuse(ctx, 'payOrderNo', DONATION_MSG.noChinese, { label: label(ctx, 'payOrderNo') });
  // While a receipt is issued, amount, currency and CNY amount stay as they are.
  if (existing && Number(existing.receiptStatus) === RECEIPT_STATUS.issued) {
    for (const field of ['amount', 'currency', 'cnyAmount']) {
      if (field in values && String(values[field] ?? '') !== String(existing[field] ?? '')) throw refuse(ctx, field, DONATION_MSG.amountLocked);
    }
  }
}

/**
 * A fund split shares the gift among purposes (decision 317): its parts add up to the amount in CNY,
 * each purpose once, so every purpose's sum and donor count takes each gift at most once.
 */
function checkFundSplits(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null): void {
  if (!('fundSplits' in values) && !('amount' in values) && !('cnyAmount' in values)) return;
  const parts = listRows(after(values, existing, 'fundSplits'));
  if (parts.length === 0) return;
  const seen = new Set<string>();
  for (const part of parts) {
    const purpose = String(part.purpose);
    if (seen.has(purpose)) {
      const name = shippedEntryLabel('donation_purpose', purpose, ctx.lang) ?? purpose;
      throw refuse(ctx, 'fundSplits', DONATION_MSG.splitPurposeTwice, { purpose: name });
    }
    seen.add(purpose);
  }
  const sum = parts.reduce((total, part) => total + cents(part.amount), 0);
  const total = cents(after(values, existing, 'cnyAmount'));
  if (sum !== total) throw refuse(ctx, 'fundSplits', DONATION_MSG.splitSum, { sum: (sum / 100).toFixed(2), total: (total / 100).toFixed(2) });
}

/** An instalment plan adds up to the pledged amount, each due date once (decision 319). */
function checkInstalments(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null): void {
  if (!('instalments' in values) && !('amount' in values)) return;
  const parts = listRows(after(values, existing, 'instalments'));
  if (parts.length === 0) return;
  const dates = new Set<string>();
  for (const part of parts) {
    const due = String(part.dueDate);
    if (dates.has(due)) throw refuse(ctx, 'instalments', DONATION_MSG.instalmentDateTwice, { date: due });
    dates.add(due);
  }
  if ('instalments' in values) values.instalments = JSON.stringify([...parts].sort((a, b) => String(a.dueDate).localeCompare(String(b.dueDate))));
  const sum = parts.reduce((total, part) => total + cents(part.amount), 0);
  const total = cents(after(values, existing, 'amount'));
  if (sum !== total) throw refuse(ctx, 'instalments', DONATION_MSG.instalmentSum, { sum: (sum / 100).toFixed(2), total: (total / 100).toFixed(2) });
}

/** Dates that record the past are not later than today. */
function checkDates(ctx: WriteContext, values: SubmitValues): void {
  const latest = latestPast();
  for (const field of ['donateTime', 'arrivalDate', 'receiptDate']) {
    const v = values[field];
    if (typeof v === 'string' && v !== '' && v > latest) throw refuse(ctx, field, DONATION_MSG.future, { label: label(ctx, field) });
  }
}

/** A new gift is a pledge or received; an edit moves as the states allow, with the date or remark each move needs. */
function checkPayment(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null): void {
  const to = Number(after(values, existing, 'paymentStatus') ?? DONATION_STATUS.pledged);
  const from = existing ? Number(existing.paymentStatus) : null;
  const allowed = from === null ? [DONATION_STATUS.pledged, DONATION_STATUS.received] as readonly number[] : [from, ...(PAYMENT_MOVES[from] ?? [])];
  if (!allowed.includes(to)) {
    const name = (k: number | null) => (k === null ? '—' : PAYMENT_NAMES[k]?.[ctx.lang] ?? String(k));
    throw refuse(ctx, 'paymentStatus', DONATION_MSG.badTransition, { from: name(from), to: name(to) });
  }
  if (to === DONATION_STATUS.received && empty(after(values, existing, 'arrivalDate'))) throw refuse(ctx, 'arrivalDate', DONATION_MSG.arrivalRequired);
  if (from !== to && (to === DONATION_STATUS.closed || to === DONATION_STATUS.refunded)) {
    if (empty(after(values, existing, 'remark'))) throw refuse(ctx, 'remark', DONATION_MSG.remarkRequired);
    if (to === DONATION_STATUS.refunded && Number(after(values, existing, 'receiptStatus')) === RECEIPT_STATUS.issued) {
      throw refuse(ctx, 'receiptStatus', DONATION_MSG.voidFirst);
    }
  }
}

/** A receipt is issued only for a received gift, with its number and date; voiding needs a remark; a re-issue a new number. */
function checkReceipt(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null): void {
  const to = Number(after(values, existing, 'receiptStatus') ?? RECEIPT_STATUS.none);
  const from = existing ? Number(existing.receiptStatus) : null;
  if (from !== null && from !== to && !(RECEIPT_MOVES[from] ?? []).includes(to)) {
    const name = (k: number) => RECEIPT_NAMES[k]?.[ctx.lang] ?? String(k);
    throw refuse(ctx, 'receiptStatus', DONATION_MSG.badReceiptTransition, { from: name(from), to: name(to) });
  }
  if (to === RECEIPT_STATUS.voided && from === null) throw refuse(ctx, 'receiptStatus', DONATION_MSG.badReceiptTransition, { from: '—', to: RECEIPT_NAMES[2]![ctx.lang] });
  if (to === RECEIPT_STATUS.issued && from !== RECEIPT_STATUS.issued) {
    if (Number(after(values, existing, 'paymentStatus')) !== DONATION_STATUS.received) throw refuse(ctx, 'receiptStatus', DONATION_MSG.receiptNeedsReceived);
    const receiptNo = after(values, existing, 'receiptNo');
    if (empty(receiptNo) || (from === RECEIPT_STATUS.voided && receiptNo === existing?.receiptNo)) throw refuse(ctx, 'receiptNo', DONATION_MSG.receiptNoRequired);
    if (empty(after(values, existing, 'receiptDate'))) throw refuse(ctx, 'receiptDate', DONATION_MSG.receiptDateRequired);
  }
  if (to === RECEIPT_STATUS.voided && from === RECEIPT_STATUS.issued && empty(after(values, existing, 'remark'))) {
    throw refuse(ctx, 'remark', DONATION_MSG.remarkRequired);
  }
}

/** The beneficiary college's unit, else the creator's department. */
async function deriveUnit(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null): Promise<void> {
  if (existing && !('departmentId' in values)) return;
  const departmentId = after(values, existing, 'departmentId');
  let unit: string | null = null;
  if (!empty(departmentId)) {
    const department = await ctx.db.selectFrom(departmentEntity.table).select(['org_dept_id'])
      .where('id', '=', String(departmentId)).where('tenant_id', '=', ctx.caller.tenantId).where('is_deleted', '=', 0).executeTakeFirst();
    if (!department) throw badRequest({ zh: '所选院系不存在', en: 'The college does not exist' }, {}, { errors: { departmentId: ctx.lang === 'zh' ? '所选院系不存在' : 'The college does not exist' } });
    unit = department.org_dept_id === null ? null : String(department.org_dept_id);
  }
  values.orgDeptId = unit ?? (existing ? (existing.createDept === null ? null : String(existing.createDept)) : ctx.caller.deptId);
}
