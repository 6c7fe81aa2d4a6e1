import {
  REGIST_MSG, REGIST_SOURCE, REGIST_STATUS, STAFF_AGREEMENT, studentEntity,
  type SubmitValues,
} from '@alumni/domain';
import { badRequest } from '../../core/errors.js';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { EntityOperations } from '../../engine/entity-operations.js';
import type { EntityRepository } from '../../engine/entity-repository.js';
import type { EntityHooks, WriteContext } from '../../engine/entity-hooks.js';
import { after } from '../academic/academic-rules.js';
import { rosterMatch } from '../people/roster-match.js';
import { checkPersonalPhone } from '../people/personal-phone.js';
import { checkIdentity, checkUnits, refuse } from '../people/study-rules.js';
import { Duplicates } from './duplicates.js';
import { normalIdNumber } from './identity-normal.js';
import type { RegistExamine } from './regist-examine.js';

const CHINA = new Set(['中国', 'China', 'CN']);
const DISABLED = 2;

const filled = (value: unknown) => value !== null && value !== undefined && value !== '';

/**
 * The rules of a registration's save (DOMAIN 4.2.2, 4.2.3): an examined or disabled registration is
 * not edited or removed; the values are checked as the form checks them and more (a resident ID
 * gives the birthday and gender, the speciality belongs to the department and level, a mainland
 * mobile, the province in China); each save records where it came from and computes again the
 * roster check and the duplicate level.
 */
export function registInfoHooks(
  duplicates: Duplicates, examine: RegistExamine,
  reads: { db: Db; repository: EntityRepository; operations: () => EntityOperations },
): EntityHooks {
  return {
    async beforeSave(ctx, values, existing) {
      // An approved or merged registration is final: the examination's `final` rule refuses its edit and removal.
      if (existing) {
        if (Number(existing.status) === DISABLED) throw badRequest(REGIST_MSG.disabled);
      } else {
        const source = ctx.via === 'import' ? REGIST_SOURCE.import : ctx.system && filled(values.source) ? String(values.source) : REGIST_SOURCE.staff;
        values.source = source;
        if (source === REGIST_SOURCE.staff || source === REGIST_SOURCE.import) {
          values.agreementTextCode = STAFF_AGREEMENT;
          values.agreementVersion = null;
        }
        values.consentTime = now();
        values.status = 1;
      }
      // A resident ID is kept in its one form (capital X, no spaces); other documents as typed.
      if (filled(values.idCardNo) && String(after(values, existing, 'idType') ?? '1') === '1') values.idCardNo = normalIdNumber(String(values.idCardNo));
      checkIdentity(ctx, values, existing);
      checkPerson(ctx, values, existing);
      await checkUnits(ctx, values, existing, true);
      const enrollment = Number(after(values, existing, 'enrollmentYear'));
      const graduation = after(values, existing, 'graduationYear');
      if (graduation !== null && (Number(graduation) < enrollment || Number(graduation) > new Date().getFullYear())) {
        throw refuse(ctx, 'graduationYear', REGIST_MSG.graduationYear);
      }
      await assess(ctx, duplicates, values, existing);
    },
    examineVerdict: examine,
    async detailExtras(stored, caller) {
      // What the examiner weighs (DOMAIN 4.2.7): the candidates and pending twins while it waits, and the matched roster row.
      const pending = Number(stored.examineStatus) === REGIST_STATUS.pending;
      const tenantId = caller.tenantId;
      let rosterStudent: JsonRecord | null = null;
      if (stored.matchedStudentId) {
        rosterStudent = await reads.repository.findById(studentEntity, { tenantId }, String(stored.matchedStudentId));
        if (rosterStudent) await reads.operations().withDisplayNames(studentEntity, caller, [rosterStudent]);
      }
      return {
        duplicateCandidates: pending ? await duplicates.candidates(reads.db, tenantId, personOf(stored)) : [],
        pendingTwins: pending ? await duplicates.pendingTwins(reads.db, tenantId, stored.idType, stored.idCardNo, String(stored.id)) : [],
        rosterStudent,
      };
    },
  };
}

/** Contact rules: a country code, a mainland mobile (a phone number elsewhere), a province in China, no birthday ahead. */
function checkPerson(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null): void {
  checkPersonalPhone(ctx, values, existing);
  const country = String(after(values, existing, 'country') ?? '');
  if (CHINA.has(country.trim()) && !filled(after(values, existing, 'provinceCode'))) throw refuse(ctx, 'provinceCode', REGIST_MSG.provinceRequired);
  const birthday = after(values, existing, 'birthday');
  if (filled(birthday) && String(birthday).slice(0, 10) > now().slice(0, 10)) throw refuse(ctx, 'birthday', REGIST_MSG.futureBirthday);
}

/** The roster check and the duplicate level of the registration as it will be saved. */
async function assess(ctx: WriteContext, duplicates: Duplicates, values: SubmitValues, existing: JsonRecord | null): Promise<void> {
  const value = (name: string) => after(values, existing, name);
  const tenantId = ctx.caller.tenantId;
  const roster = await rosterMatch(ctx.repository.sealing, ctx.db, tenantId, {
    studentNo: filled(value('studentNo')) ? String(value('studentNo')) : null,
    name: String(value('name')),
    idType: String(value('idType') ?? '1'),
    idCardNo: filled(value('idCardNo')) ? String(value('idCardNo')) : null,
    departmentId: filled(value('departmentId')) ? String(value('departmentId')) : null,
    enrollmentYear: filled(value('enrollmentYear')) ? Number(value('enrollmentYear')) : null,
  });
  values.rosterMatch = roster.rosterMatch;
  values.matchedStudentId = roster.matchedStudentId;
  const candidates = await duplicates.candidates(ctx.db, tenantId, personOf(values, existing));
  values.duplicateLevel = Duplicates.level(candidates);
}

/** The identity of a registration as duplicate detection reads it. */
export function personOf(values: SubmitValues | JsonRecord, existing: JsonRecord | null = null) {
  const value = (name: string) => (name in values ? (values as Record<string, unknown>)[name] : existing?.[name]) ?? null;
  return {
    name: value('name'), idType: value('idType'), idCardNo: value('idCardNo'), areaCode: value('areaCode'),
    phone: value('phone'), email: value('email'), birthday: value('birthday'), enrollmentYear: value('enrollmentYear'),
  };
}
