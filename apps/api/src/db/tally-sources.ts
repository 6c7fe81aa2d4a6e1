import { donationEntity, studentStatusEntity, visitRecordEntity } from '@alumni/domain';
import type { TallySource } from '../engine/tally-aggregate.js';
import { STUDENT_TALLIES } from './migrations/020-student-tallies.js';
import { DONATION_TALLY_TABLES, VISIT_TALLY_TABLES } from './migrations/031-visit-donation-tallies.js';

/**
 * The tallies that answer grouped figures of their entities (report previews, decision 200) when a
 * question stays within what they keep: the study records per unit, college, level, outcome,
 * enrollment year and examination state; the visits per unit, creator, college, month, state, type
 * and province; the donations per unit, creator, payment state, month, purpose, method, donor type
 * and college, with their amounts in CNY summed in cents (an amount a donation never leaves empty).
 */
export const TALLY_SOURCES: ReadonlyMap<string, TallySource> = new Map<string, TallySource>([
  [studentStatusEntity.name, {
    table: STUDENT_TALLIES.records,
    copied: ['orgDeptId', 'departmentId', 'educationLevel', 'graduationStatus', 'enrollmentYear', 'examineStatus'],
    scopeColumns: ['org_dept_id'],
  }],
  [visitRecordEntity.name, {
    table: VISIT_TALLY_TABLES.records,
    copied: ['orgDeptId', 'createUser', 'departmentId', 'visitStatus', 'visitType', 'provinceCode'],
    months: { visitDate: 'visit_month' },
    scopeColumns: ['org_dept_id', 'create_user'],
  }],
  [donationEntity.name, {
    table: DONATION_TALLY_TABLES.gifts,
    copied: ['orgDeptId', 'createUser', 'paymentStatus', 'purpose', 'donationMethod', 'donorType', 'departmentId'],
    months: { donateTime: 'donate_month' },
    scopeColumns: ['org_dept_id', 'create_user'],
    sums: { cnyAmount: { column: 'cents', divisor: 100 } },
  }],
]);
