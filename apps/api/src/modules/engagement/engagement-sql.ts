import { ENGAGEMENT_FACTS, ENGAGEMENT_MODES, snake, type EngagementFactKey, type EngagementMode } from '@alumni/domain';
import type { Dialect } from '../../db/database.js';

/** Per alumnus: each fact's count, each mode's points, the total and when they were computed (decision 314). */
export const ENGAGEMENT_TABLE = 'alumni_engagement';
/** A tenant's weights, one column per fact; a tenant without a row counts the defaults. */
export const ENGAGEMENT_WEIGHT_TABLE = 'alumni_engagement_weight';
/** Month by month and unit: alumni and engaged alumni, as the daily recomputation found them. */
export const ENGAGEMENT_TREND_TABLE = 'alumni_engagement_trend';
/** The library's copy of the total, filtered and sorted by the list engine. */
export const SCORE_COLUMN = 'engagement_score';

/** The count column of a fact in the engagement table; its weight column is `snake(key)`. */
export const countColumn = (key: EngagementFactKey) => `n_${snake(key)}`;
export const weightColumn = (key: EngagementFactKey) => snake(key);

/**
 * What the alumni library keeps of each alumnus's engagement row, so its search (and so a saved
 * segment) filters and sorts by them through an index of its own: the total, the activities attended
 * (check-ins) and the gifts of the last five years (decision 337).
 */
export type LibraryCopy = { column: string; from: string };
/** What migration 071 copied, the score alone: the columns of migration 077 are not there yet when 071 runs. */
export const SCORE_COPY: readonly LibraryCopy[] = [{ column: SCORE_COLUMN, from: 'total' }];
export const LIBRARY_COPIES: readonly LibraryCopy[] = [
  ...SCORE_COPY,
  { column: 'activities_attended', from: countColumn('activityCheckIn') },
  { column: 'gifts_five_years', from: countColumn('gift') },
];

/** The bare numbers a value list of ids may hold (ids read back from the database). */
const ID_LIST = /^\d{1,19}(,\d{1,19})*$/;

/** Status values the facts count (dictionaries apply_status, visit_status, payment_status, push_channel, association_position). */
const CONFIRMED = 1;
const APPROVED_VISIT = 2;
const RECEIVED = 2;
const EMAIL = "'3'";
const MEMBER = "'10'";

/**
 * Each fact's count for the alumnus row aliased `b` (its `tenant_id` and `id`): one correlated count
 * over the recording table's alumnus index. The gift window is five years back from today.
 */
function factCount(key: EngagementFactKey, dialect: Dialect): string {
  const of = (table: string, alias: string, column = 'alumni_id', live = true) =>
    `select count(*) from ${table} ${alias} where ${alias}.tenant_id = b.tenant_id and ${alias}.${column} = b.id${live ? ` and ${alias}.is_deleted = 0` : ''}`;
  const since = dialect === 'postgres' ? `current_date - interval '5 years'` : `date('now', 'localtime', '-5 years')`;
  switch (key) {
    case 'associationOfficer': return `${of('alumni_association_member', 'm')} and m.is_active = 1 and m.position <> ${MEMBER}`;
    case 'associationMember': return `${of('alumni_association_member', 'm')} and m.is_active = 1 and m.position = ${MEMBER}`;
    case 'careDuty': return `${of('alumni_act_applist', 'a')} and a.apply_status = ${CONFIRMED} and exists (select 1 from alumni_act_carelist c
      where c.tenant_id = a.tenant_id and c.activity_id = a.activity_id and c.is_deleted = 0)`;
    case 'activityApplication': return `${of('alumni_act_applist', 'a')} and a.apply_status = ${CONFIRMED}`;
    case 'activityCheckIn': return `${of('alumni_act_applist', 'a')} and a.sign_in = 1`;
    case 'visit': return `select count(*) from alumni_visit_record v where v.tenant_id = b.tenant_id and v.is_deleted = 0
      and v.visit_status = ${APPROVED_VISIT} and (',' || v.visited_alumni_ids || ',') like ('%,' || cast(b.id as text) || ',%')`;
    case 'gift': return `${of('alumni_donation', 'd')} and d.payment_status = ${RECEIVED} and d.donate_time >= ${since}`;
    case 'emailRead': return `${of('alumni_notice_push_record', 'r')} and r.channel = ${EMAIL} and r.read_time is not null`;
    case 'emailClick': return `${of('alumni_notice_push_record', 'r')} and r.channel = ${EMAIL} and r.click_time is not null`;
    case 'surveyAnswer': return of('alumni_survey_answer', 's');
    case 'message': return of('alumni_message', 'g');
    case 'portalSignIn': return of('portal_session', 'p', 'alumnus_id', false);
  }
}

/** A fact's points: its count times the tenant's weight, or the default weight. */
const points = (key: EngagementFactKey, weight: number) => `c.${countColumn(key)} * coalesce(w.${weightColumn(key)}, ${weight})`;

const modeSum = (mode: EngagementMode) => {
  const terms = ENGAGEMENT_FACTS.filter((f) => f.mode === mode).map((f) => points(f.key, f.weight));
  return terms.length ? terms.join(' + ') : '0';
};

const nowText = (dialect: Dialect) => (dialect === 'postgres' ? 'localtimestamp(0)' : `datetime('now', 'localtime')`);

/**
 * The statements that recompute the alumni whose ids `ids` selects (a select of one id column, or a
 * list of ids): their counts, points and time into the engagement table, then the library's copy of
 * the total where it changed. The same statements serve the triggers of every write that matters and
 * the full recomputation (decision 315), so both give the same score.
 */
export function recomputeStatements(dialect: Dialect, ids: string, copies: readonly LibraryCopy[] = LIBRARY_COPIES): string[] {
  const counts = ENGAGEMENT_FACTS.map((f) => `(${factCount(f.key, dialect)}) as ${countColumn(f.key)}`).join(',\n      ');
  const countNames = ENGAGEMENT_FACTS.map((f) => countColumn(f.key));
  const total = ENGAGEMENT_MODES.map((m) => `(${modeSum(m)})`).join(' + ');
  const columns = ['tenant_id', 'alumni_id', ...countNames, ...ENGAGEMENT_MODES, 'total', 'compute_time'];
  const upsert = `insert into ${ENGAGEMENT_TABLE} (${columns.join(', ')})
    select c.tenant_id, c.alumni_id, ${countNames.map((n) => `c.${n}`).join(', ')}, ${ENGAGEMENT_MODES.map((m) => `${modeSum(m)}`).join(', ')}, ${total}, ${nowText(dialect)}
    from (select b.tenant_id, b.id as alumni_id,
      ${counts}
      from alumni_basic_info b where b.id in (${ids})) c
    left join ${ENGAGEMENT_WEIGHT_TABLE} w on w.tenant_id = c.tenant_id
    where 1 = 1
    on conflict (tenant_id, alumni_id) do update set ${columns.slice(2).map((n) => `${n} = excluded.${n}`).join(', ')}`;
  return [upsert, libraryCopyStatement(dialect, `id in (${ids})`, copies)];
}

/**
 * Copies the library's columns (`LIBRARY_COPIES`) from the engagement rows of the alumni `where`
 * selects (on columns only the alumni table has), where one differs: one join per alumnus, as every
 * alumnus recomputed has its engagement row.
 */
export function libraryCopyStatement(dialect: Dialect, where: string, copies: readonly LibraryCopy[] = LIBRARY_COPIES): string {
  const differs = dialect === 'postgres' ? 'is distinct from' : 'is not';
  return `update alumni_basic_info set ${copies.map((c) => `${c.column} = e.${c.from}`).join(', ')}
    from ${ENGAGEMENT_TABLE} e
    where e.tenant_id = alumni_basic_info.tenant_id and e.alumni_id = alumni_basic_info.id and (${where})
      and (${copies.map((c) => `alumni_basic_info.${c.column} ${differs} e.${c.from}`).join(' or ')})`;
}

/** The statements for a list of ids read from the database (checked to be bare numbers: they are written into the SQL). */
export function recomputeIdsStatements(dialect: Dialect, ids: readonly string[]): string[] {
  const list = ids.join(',');
  if (!ID_LIST.test(list)) throw new Error('engagement recomputation takes ids only');
  return recomputeStatements(dialect, list);
}

/** Each fact's count for the alumni whose ids `ids` selects, computed afresh (as `recomputeStatements` counts): alumni_id, then the count columns. */
export function freshCountsSql(dialect: Dialect, ids: string): string {
  const counts = ENGAGEMENT_FACTS.map((f) => `(${factCount(f.key, dialect)}) as ${countColumn(f.key)}`).join(', ');
  return `select b.id as alumni_id, ${counts} from alumni_basic_info b where b.id in (${ids})`;
}
