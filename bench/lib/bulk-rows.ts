/** Bulk rows of the demo tenant for benchmarks, each one INSERT … SELECT over a generated series. */
export type BenchDialect = 'sqlite' | 'postgres';

/** The numbers 1 … rows as a row source named `s(i)`. */
export const seriesOf = (dialect: BenchDialect, rows: number): string => (dialect === 'postgres' ? `generate_series(1, ${rows}) as s(i)`
  : `(with recursive s(i) as (select 1 union all select i + 1 from s where i < ${rows}) select i from s) as s`);

/** One of the listed values, chosen by an expression over `i`. */
const pick = (list: readonly string[], expr: string) => `case ${list.map((v, k) => `when (${expr}) % ${list.length} = ${k} then ${v}`).join(' ')} end`;

/** Alumni records `4000000000000000 + i`, created over the last 730 days, spread over the departments and their units. */
export function basicInfoSql(dialect: BenchDialect, rows: number, departments: readonly { id: string; unit: string }[]): string {
  const time = dialect === 'postgres'
    ? `(now()::timestamp(0) - ((i % 730) * interval '1 day'))`
    : `datetime('now', '-' || (i % 730) || ' days')`;
  return `insert into alumni_basic_info (id, tenant_id, create_user, create_time, update_user, update_time, status, is_deleted,
      alumni_code, name, gender, department_id, first_enrollment_year, source, is_key_alumni, is_deceased, org_dept_id)
    select 4000000000000000 + i, '000000', 1, ${time}, 1, ${time}, 1, 0,
      'BX' || i, '校友' || i, '' || (1 + i % 2), ${pick(departments.map((d) => d.id), 'i')}, 1950 + (i % 75), '3', 0, 0, ${pick(departments.map((d) => d.unit), 'i')}
    from ${seriesOf(dialect, rows)}`;
}

/** Approved study records over the alumni `4000000000000000 + …` (83 % as many), departments, specialities and years. */
export function statusesSql(dialect: BenchDialect, rows: number, departments: readonly string[], specialities: readonly string[], units?: readonly string[]): string {
  const stamp = dialect === 'postgres' ? `timestamp '2024-01-01 00:00:00'` : `'2024-01-01 00:00:00'`;
  return `insert into alumni_student_status (id, tenant_id, create_user, create_time, update_user, update_time, status, is_deleted,
      alumni_id, department_id, speciality_id, education_level, study_form, enrollment_year, graduation_status, source, examine_status${units ? ', org_dept_id' : ''})
    select 3000000000000000 + i, '000000', 1, ${stamp}, 1, ${stamp}, 1, 0,
      4000000000000000 + (i % ${Math.max(1, Math.round(rows * 0.83))}), ${pick(departments, 'i')}, ${pick(specialities, 'i')},
      '' || (1 + (i % 4)), '1', 1950 + (i % 75), '2', '4', 1${units ? `, ${pick(units, 'i')}` : ''}
    from ${seriesOf(dialect, rows)}`;
}

/** Gifts over 24 months: 90 % received, the rest pledged, refunded or closed, spread over purposes, methods, donors and colleges. */
export function donationsSql(dialect: BenchDialect, rows: number, departments: readonly string[]): string {
  const time = dialect === 'postgres'
    ? `(now()::timestamp(0) - ((i % 730) * interval '1 day') - ((i % 86400) * interval '1 second'))`
    : `datetime('now', '-' || (i % 730) || ' days', '-' || (i % 86400) || ' seconds')`;
  const dept = `case ${departments.map((d, k) => `when i % ${departments.length + 1} = ${k} then ${d}`).join(' ')} else null end`;
  const unit = `case ${departments.map((_, k) => `when i % ${departments.length + 1} = ${k} then ${1900000000000920004 + k}`).join(' ')} else 1900000000000920003 end`;
  const money = dialect === 'postgres' ? `((i % 5000) * 10 + 100)::numeric(14,2)` : `((i % 5000) * 10 + 100)`;
  return `insert into alumni_donation (id, tenant_id, create_user, create_time, update_user, update_time, status, is_deleted,
      donor_type, alumni_id, donor_name, is_anonymous, purpose, department_id, donation_method, currency, amount, cny_amount,
      donate_time, payment_status, receipt_status, certificate_issued, thanked, is_public, org_dept_id)
    select 5000000000000000 + i, '000000', 1, ${time}, 1, ${time}, 1, 0,
      '' || (1 + i % 6), case when i % 6 = 0 then 4000000000000000 + (i % 300000) else null end, '捐赠方' || (i % 400000), case when i % 50 = 0 then 1 else 0 end,
      '' || (1 + i % 9), ${dept}, '' || (1 + i % 7), 'CNY', ${money}, ${money},
      ${time}, case when i % 10 = 1 then 1 when i % 10 = 2 then 3 when i % 20 = 3 then 4 else 2 end, 0, 0, 0, 1, ${unit}
    from ${seriesOf(dialect, rows)}`;
}
