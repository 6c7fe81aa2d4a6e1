import { basicInfoEntity, departmentEntity, maskSensitive, registInfoEntity, studentStatusEntity, REGIST_STATUS } from '@alumni/domain';
import type { Db } from '../../db/database.js';
import type { FieldSealing } from '../../db/field-sealing.js';
import { MATCH_LEVEL, type IdentityKeys, type MatchRule, type Person } from './identity-keys.js';
import { normalIdNumber } from './identity-normal.js';

/** A possible duplicate of a person among the alumni (DOMAIN 1.6). */
export interface Candidate {
  alumniId: string;
  alumniCode: string | null;
  name: string;
  idCardNo: string | null;
  phone: string | null;
  departmentName: string | null;
  enrollmentYear: number | null;
  matchLevel: number;
  matchRule: MatchRule;
}

/** At most this many candidates are answered, highest level first. */
const MAX_CANDIDATES = 10;

const RULE_ORDER: MatchRule[] = ['ID_CARD', 'NAME_PHONE', 'NAME_EMAIL', 'NAME_BIRTHDAY_YEAR'];

/**
 * Duplicate detection of alumni identity: the candidates of a person (a registration being saved
 * or examined, an alumni record being saved or imported) by the keys they share, and the pending
 * registrations with the same ID number. Names are compared simplified, plain-width and without
 * spaces, phones without country code or separators, e-mails without case.
 */
export class Duplicates {
  constructor(private readonly keys: IdentityKeys, private readonly sealing: FieldSealing) {}

  /**
   * The candidates, highest level first. The low rule (name and birthday) counts only when one of
   * the alumnus's study records has the person's enrollment year.
   */
  async candidates(db: Db, tenantId: string, person: Person & { enrollmentYear?: unknown }, except?: string | null): Promise<Candidate[]> {
    const matches = await this.keys.matches(db, tenantId, person, except);
    if (matches.size === 0) return [];
    const year = person.enrollmentYear === null || person.enrollmentYear === undefined || person.enrollmentYear === '' ? null : Number(person.enrollmentYear);
    const lowOnly = [...matches].filter(([, rules]) => rules.size === 1 && rules.has('NAME_BIRTHDAY_YEAR')).map(([id]) => id);
    if (lowOnly.length > 0) {
      const sameYear = year === null ? new Set<string>() : new Set((await db.selectFrom(studentStatusEntity.table).select('alumni_id')
        .where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).where('enrollment_year', '=', year)
        .where('alumni_id', 'in', lowOnly).execute()).map((r) => String(r.alumni_id)));
      for (const id of lowOnly) if (!sameYear.has(id)) matches.delete(id);
    }
    for (const [id, rules] of matches) {
      if (rules.has('NAME_BIRTHDAY_YEAR') && rules.size > 1) rules.delete('NAME_BIRTHDAY_YEAR');
      if (rules.size === 0) matches.delete(id);
    }
    if (matches.size === 0) return [];
    const rows = await db.selectFrom(`${basicInfoEntity.table} as b`)
      .leftJoin(`${departmentEntity.table} as d`, 'd.id', 'b.department_id')
      .select(['b.id', 'b.alumni_code', 'b.name', 'b.id_card_no', 'b.phone', 'b.first_enrollment_year', 'd.department_name'])
      .where('b.tenant_id', '=', tenantId).where('b.is_deleted', '=', 0).where('b.id', 'in', [...matches.keys()]).execute();
    const found: Candidate[] = rows.map((row) => {
      const rules = matches.get(String(row.id)) as Set<MatchRule>;
      const rule = RULE_ORDER.find((r) => rules.has(r)) as MatchRule;
      return {
        alumniId: String(row.id),
        alumniCode: row.alumni_code === null ? null : String(row.alumni_code),
        name: String(row.name),
        idCardNo: row.id_card_no ? maskSensitive('idCard', this.sealing.openColumn(basicInfoEntity, 'idCardNo', row.id_card_no) as string) : null,
        phone: row.phone ? maskSensitive('phone', this.sealing.openColumn(basicInfoEntity, 'phone', row.phone) as string) : null,
        departmentName: row.department_name === null || row.department_name === undefined ? null : String(row.department_name),
        enrollmentYear: row.first_enrollment_year === null ? null : Number(row.first_enrollment_year),
        matchLevel: MATCH_LEVEL[rule],
        matchRule: rule,
      };
    });
    return found.sort((a, b) => b.matchLevel - a.matchLevel || RULE_ORDER.indexOf(a.matchRule) - RULE_ORDER.indexOf(b.matchRule)
      || a.alumniId.localeCompare(b.alumniId)).slice(0, MAX_CANDIDATES);
  }

  /** The highest level among the candidates, 0 without any. */
  static level(candidates: readonly Candidate[]): number {
    return candidates.reduce((max, c) => Math.max(max, c.matchLevel), 0);
  }

  /** Pending registrations with the same ID number, so one person is not approved twice. */
  async pendingTwins(db: Db, tenantId: string, idType: unknown, idCardNo: unknown, except?: string | null): Promise<{ id: string; registNo: string }[]> {
    if (idCardNo === null || idCardNo === undefined || idCardNo === '') return [];
    let query = db.selectFrom(registInfoEntity.table).select(['id', 'regist_no'])
      .where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).where('examine_status', '=', REGIST_STATUS.pending)
      .where('id_type', '=', String(idType ?? '1'))
      .where('id_card_no_hash', '=', this.sealing.hash('idCard', String(idType ?? '1') === '1' ? normalIdNumber(String(idCardNo)) : String(idCardNo)));
    if (except) query = query.where('id', '!=', except);
    return (await query.orderBy('id').limit(MAX_CANDIDATES).execute()).map((r) => ({ id: String(r.id), registNo: String(r.regist_no) }));
  }
}
