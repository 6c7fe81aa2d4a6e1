import {
  CONSENT_NOTE, CONSENT_SOURCE, EXAMINE_MSG, MERGE_DEFAULT_FIELDS, MERGE_IDENTITY_FIELDS, MERGEABLE_FIELDS, MIN_OPINION_LENGTH, MSG, REGIST_MSG, REGIST_STATUS, STATUS_SOURCE,
  basicInfoEntity, formDefaults, maskPersonalField, parseSubmit, studentEntity, type SubmitValues,
} from '@alumni/domain';
import { badRequest, invalidFields } from '../../core/errors.js';
import { now } from '../../core/time.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { ExamineVerdict, WriteContext } from '../../engine/entity-hooks.js';
import type { ExamineEffect } from '../../engine/examination/examination.js';
import { appendConsentLog, consentChanges } from '../people/consent-log.js';
import { studyRecordTwin } from '../people/student-status-hooks.js';
import { addStudyRecord } from '../people/study-records.js';
import { Duplicates } from './duplicates.js';
import { personOf } from './regist-info-hooks.js';

/** The verdict of a registration's examination (DOMAIN 4.2.4). */
export interface RegistVerdict {
  status: number;
  opinion: string | null;
  mergeAlumniId: string | null;
  /** The fields whose registration value replaces the alumni record's (a merge). */
  overwrite: ReadonlySet<string>;
  notify: boolean;
}

/** The registration fields an alumni record receives (DOMAIN 4.2.4, field mapping on approval). */
const TO_ALUMNUS = [...MERGEABLE_FIELDS, 'allowSms', 'allowEmail', 'allowWechat'] as const;
const MERGEABLE = new Set<string>(MERGEABLE_FIELDS);
const IDENTITY = new Set<string>(MERGE_IDENTITY_FIELDS);
const CONSENT = ['allowSms', 'allowEmail', 'allowWechat'] as const;

const filled = (value: unknown) => value !== null && value !== undefined && value !== '';

/**
 * Approve as new (1), approve and merge (3) or reject (2). Approving makes the alumni record and
 * an approved study record from the registration, refused while an alumnus holds the same ID
 * number; merging updates the chosen alumnus field by field, keeps its id and logs what it
 * overwrote. Each registration of a batch stands alone.
 */
export class RegistExamine implements ExamineVerdict {
  constructor(private readonly duplicates: Duplicates) {}

  parse(input: Readonly<Record<string, unknown>>, idCount: number): RegistVerdict {
    const status = Number(input.examineStatus);
    if (![REGIST_STATUS.approved, REGIST_STATUS.rejected, REGIST_STATUS.merged].includes(status as 1 | 2 | 3)) throw badRequest(REGIST_MSG.badResult);
    const opinion = typeof input.examineOpinion === 'string' && input.examineOpinion.trim() !== '' ? input.examineOpinion.trim() : null;
    if (status === REGIST_STATUS.rejected && (opinion === null || [...opinion].length < MIN_OPINION_LENGTH)) throw badRequest(EXAMINE_MSG.opinionRequired);
    if (opinion !== null && [...opinion].length > 500) throw badRequest(MSG.tooLong, { label: '审核意见', max: 500 });
    let mergeAlumniId: string | null = null;
    let overwrite = new Set<string>(MERGE_DEFAULT_FIELDS);
    if (status === REGIST_STATUS.merged) {
      if (idCount !== 1) throw badRequest(REGIST_MSG.mergeOneId);
      mergeAlumniId = filled(input.mergeAlumniId) ? String(input.mergeAlumniId) : null;
      if (mergeAlumniId === null || !/^\d{1,19}$/.test(mergeAlumniId)) throw badRequest(REGIST_MSG.mergeTarget);
      if (typeof input.overwriteFields === 'string' || Array.isArray(input.overwriteFields)) {
        const named = (Array.isArray(input.overwriteFields) ? input.overwriteFields.map(String) : input.overwriteFields.split(','))
          .map((f) => f.trim()).filter((f) => f !== '');
        const unknown = named.filter((f) => !MERGEABLE.has(f));
        if (unknown.length > 0) throw badRequest(REGIST_MSG.badOverwrite, { fields: unknown.join(',') });
        overwrite = new Set(named);
      }
    }
    const notify = !(input.notify === 0 || input.notify === '0' || input.notify === false);
    return { status, opinion, mergeAlumniId, overwrite, notify };
  }

  async effect(ctx: WriteContext, row: JsonRecord, raw: { status: number; opinion: string | null }): Promise<ExamineEffect> {
    const verdict = raw as RegistVerdict;
    if (Number(row.status) === 2) throw badRequest(REGIST_MSG.disabled);
    if (Number(row.examineStatus) !== REGIST_STATUS.pending) throw badRequest(REGIST_MSG.alreadyExamined);
    if (verdict.status === REGIST_STATUS.rejected) return {};
    const tenantId = ctx.caller.tenantId;
    const candidates = await this.duplicates.candidates(ctx.db, tenantId, personOf(row));
    if (verdict.status === REGIST_STATUS.approved) {
      if (candidates.some((c) => c.matchLevel === 3)) throw badRequest(REGIST_MSG.mustMerge);
      const alumniId = await this.newAlumnus(ctx, row);
      await this.addStudy(ctx, row, alumniId, verdict.opinion);
      return { values: { alumniId, duplicateLevel: Duplicates.level(candidates) } };
    }
    const { alumniId, snapshot } = await this.merge(ctx, row, verdict);
    await this.addStudy(ctx, row, alumniId, verdict.opinion);
    return { values: { alumniId }, action: 'merge', snapshot: { alumniId, fields: snapshot } };
  }

  private async newAlumnus(ctx: WriteContext, row: JsonRecord): Promise<string> {
    const ops = ctx.operations!;
    const body: Record<string, unknown> = {};
    for (const name of TO_ALUMNUS) if (filled(row[name])) body[name] = row[name];
    const parsed = parseSubmit(basicInfoEntity, { ...formDefaults(basicInfoEntity), ...body }, ctx.lang);
    if (!parsed.ok) throw invalidFields(parsed.errors);
    const values: SubmitValues = {
      ...parsed.values, source: row.source as string, orgDeptId: (row.orgDeptId as string | null) ?? null, consentUpdateTime: now(),
    };
    const record = await ops.writeRow(ops.systemPlan(basicInfoEntity, ctx), ctx.db, { id: null, values }, body);
    await this.logConsent(ctx, row, null, record);
    return String(record.id);
  }

  /** Overwrites the named fields, fills empty identity fields, follows a refusal of consent; answers what changed. */
  private async merge(ctx: WriteContext, row: JsonRecord, verdict: RegistVerdict) {
    const ops = ctx.operations!;
    const scope = await ops.rowScope(basicInfoEntity, ctx.caller, ctx.db);
    const target = await ctx.repository.findById(basicInfoEntity, scope, String(verdict.mergeAlumniId), ctx.db);
    if (!target) throw badRequest(REGIST_MSG.mergeTargetMissing);
    const body: Record<string, unknown> = {};
    for (const name of TO_ALUMNUS) {
      const incoming = row[name];
      if (CONSENT.includes(name as typeof CONSENT[number])) {
        if (Number(incoming) === 0 && Number(target[name]) !== 0) body[name] = 0;
        continue;
      }
      if (!filled(incoming)) continue;
      const named = verdict.overwrite.has(name);
      if (IDENTITY.has(name) && !named && filled(target[name])) continue;
      if (!IDENTITY.has(name) && !named) continue;
      if (String(incoming) !== String(target[name] ?? '')) body[name] = incoming;
    }
    // The snapshot is kept outside the sealed columns: an ID number, a phone or an e-mail in it is masked.
    const snapshot = Object.keys(body).map((field) => ({ field, oldValue: maskPersonalField(field, target[field] ?? null), newValue: maskPersonalField(field, body[field]) }));
    if (snapshot.length > 0) {
      const parsed = parseSubmit(basicInfoEntity, { ...body, id: String(target.id) }, ctx.lang);
      if (!parsed.ok) throw invalidFields(parsed.errors);
      if (CONSENT.some((name) => name in body)) parsed.values.consentUpdateTime = now();
      const record = await ops.writeRow(ops.systemPlan(basicInfoEntity, ctx), ctx.db, { id: String(target.id), values: parsed.values }, body);
      await this.logConsent(ctx, row, target, record);
    }
    return { alumniId: String(target.id), snapshot };
  }

  /** The consent the registrant stated, as the alumni record now holds it (source 1, by the examiner). */
  private async logConsent(ctx: WriteContext, row: JsonRecord, before: JsonRecord | null, record: JsonRecord): Promise<void> {
    await appendConsentLog(ctx.db, ctx.caller.tenantId, String(record.id), consentChanges(before, record), {
      source: CONSENT_SOURCE.registration, operator: ctx.caller.userId, time: String(record.consentUpdateTime ?? now()),
      note: CONSENT_NOTE.registration.zh.replace('{registNo}', String(row.registNo ?? '')),
    });
  }

  /** The registration's study as an approved record, unless the alumnus has it; the matched roster row joins the alumnus. */
  private async addStudy(ctx: WriteContext, row: JsonRecord, alumniId: string, opinion: string | null): Promise<void> {
    const tenantId = ctx.caller.tenantId;
    const twin = await studyRecordTwin(ctx.db, tenantId, {
      alumniId, educationLevel: String(row.educationLevel), specialityId: String(row.specialityId), enrollmentYear: Number(row.enrollmentYear),
    });
    if (!twin) {
      const graduated = row.graduationYear !== null && row.graduationYear !== undefined && Number(row.graduationYear) <= new Date().getFullYear();
      const body = {
        alumniId, studentNo: row.studentNo, departmentId: row.departmentId, specialityId: row.specialityId,
        educationLevel: row.educationLevel, studyForm: row.studyForm ?? '1', enrollmentYear: row.enrollmentYear,
        graduationYear: row.graduationYear, className: row.className, graduationStatus: graduated ? '2' : '1',
      };
      const extra: SubmitValues = { source: STATUS_SOURCE.registration, ...(row.matchedStudentId ? { studentId: String(row.matchedStudentId) } : {}) };
      await addStudyRecord(ctx, body, extra, opinion ?? EXAMINE_MSG.approvedOnCreate.zh);
    }
    if (row.matchedStudentId) {
      await ctx.db.updateTable(studentEntity.table).set({ alumni_id: alumniId })
        .where('id', '=', String(row.matchedStudentId)).where('tenant_id', '=', tenantId).where('alumni_id', 'is', null).execute();
    }
  }
}

