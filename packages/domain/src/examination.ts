import { datetime, dict, fk, text, type DictField, type DatetimeField, type FkField, type TextField } from './fields.js';
import { t, type Text } from './text.js';

/** The entities examined under the shared model (DOMAIN 1.5); the `bizType` of their log rows. */
export type ExamineBizType = 'registinfo' | 'studentstatus' | 'department' | 'speciality' | 'visitrecord' | 'alumnicard';

/** Dictionary `examine_status`. */
export const EXAMINE_STATUS = { pending: 0, approved: 1, rejected: 2 } as const;

export type ExamineAction = 'submit' | 'approve' | 'reject' | 'merge' | 'return' | 'resubmit';

/**
 * How an entity is examined. The current result lives on the row (`examineFields()`), every action
 * appends a row to `alumni_examine_log`, and `detail` answers the log as `examineLogs`.
 */
export interface ExamineRule {
  bizType: ExamineBizType;
  /**
   * The examine screen's menu: `<menu>_examine` examines, `<menu>_delete` removes, and the menu
   * reads the entity's list and detail as its own menu does.
   */
  menu: string;
  /** The examine call, with `ids`, `examineStatus` (1 or 2) and `examineOpinion`. */
  path: string;
  /** GET with the three in the query (the default), or PUT with them in a JSON body. */
  method?: 'GET' | 'PUT';
  /** An add by a holder of the examine code is approved at once (opinion 创建即通过). */
  approveOnCreate?: boolean;
  /** The refusal of a verdict on a row no longer waiting (the shared 该记录不在待审核状态 when absent). */
  notPendingMessage?: Text;
  /** On an approved row, the fields an editor without the examine code may still change. */
  approvedEditable?: { fields: readonly string[]; message: Text };
  /**
   * Results after which a row is final: nobody edits or removes it, examiner or not (an approved or
   * merged registration). The server refuses with `edit` / `remove`; lists offer neither button.
   */
  final?: { states: readonly number[]; edit: Text; remove: Text };
  /**
   * A row kept as a draft until handed in, with its state in a field of its own (a visit record's
   * `visitStatus`: 0 draft, 1 pending, 2 approved, 3 returned) instead of `examineStatus` 0/1/2.
   */
  states?: ExamineStates;
}

export interface ExamineStates {
  /** The field holding the state; the examine call takes the verdict under the same name. */
  field: string;
  draft: number;
  pending: number;
  approved: number;
  rejected: number;
  /** The log action of a rejection (`return` for a returned visit record). */
  rejectAction: 'reject' | 'return';
  /** The body flag of submit that hands a draft (or a rejected row) in: 1 = hand in. */
  handIn: string;
  /** The refusal of an edit of a row handed in or approved. */
  lockedMessage: Text;
  /** The refusal of a verdict other than approved or rejected. */
  badResult: Text;
}

/** The states of an examined entity: its own, or the shared `examineStatus` 0 pending, 1 approved, 2 rejected. */
export function examineStates(rule: ExamineRule): { field: string; pending: number; approved: number; rejected: number; draft: number | null } {
  const s = rule.states;
  return s
    ? { field: s.field, pending: s.pending, approved: s.approved, rejected: s.rejected, draft: s.draft }
    : { field: 'examineStatus', ...EXAMINE_STATUS, draft: null };
}

/**
 * What the examination of `row` forbids a caller (`examiner`: holds `<menu>_examine`): the same
 * rules the server's write hooks apply, so lists hide the buttons a click would be refused.
 */
export function examineForbids(rule: ExamineRule | undefined, row: Record<string, unknown>, examiner: boolean): { edit: boolean; remove: boolean } {
  if (!rule) return { edit: false, remove: false };
  const states = examineStates(rule);
  const raw = row[states.field];
  const status = raw === null || raw === undefined || raw === '' ? null : Number(raw);
  if (status !== null && rule.final?.states.includes(status)) return { edit: true, remove: true };
  // A draft-kept row is edited while a draft or rejected only.
  if (rule.states) return { edit: status !== states.draft && status !== states.rejected, remove: false };
  // Approved with nothing left to change for a non-examiner.
  const approvedFixed = !examiner && status === states.approved && rule.approvedEditable?.fields.length === 0;
  return { edit: approvedFixed, remove: false };
}

export const EXAMINE_MSG = {
  opinionRequired: t('请填写驳回原因', 'Please give the reason'),
  beingExamined: t('该记录正在审核中，不能修改', 'This record is being examined and cannot be edited'),
  notPending: t('该记录不在待审核状态', 'This record is not waiting for examination'),
  badResult: t('审核结果只能是通过或驳回', 'The result must be approve (1) or reject (2)'),
  approvedOnCreate: t('创建即通过', 'Approved on creation'),
} as const;

/** Shortest opinion a rejection or a return accepts. */
export const MIN_OPINION_LENGTH = 2;

/** The current-result fields of an examined entity: set by the examine call only, never by `submit`. */
export const examineFields = (): {
  examineStatus: DictField; examineUser: FkField; examineTime: DatetimeField; examineOpinion: TextField;
} => ({
  examineStatus: dict(t('审核状态', 'Examination'), 'examine_status', {
    source: 'biz', numeric: true, form: 'readonly', list: true, search: 'equal', width: 100,
  }),
  examineUser: fk(t('审核人', 'Examiner'), { ref: 'user', form: 'readonly' }),
  examineTime: datetime(t('审核时间', 'Examined at'), { form: 'readonly', list: true, width: 170 }),
  examineOpinion: text(t('审核意见', 'Opinion'), { max: 500, form: 'readonly' }),
});
