import { datetime, dict, fk, text, type DictField, type DatetimeField, type FkField, type TextField } from './fields.js';
import { t, type Text } from './text.js';

/** The entities examined under the shared model (DOMAIN 1.5); the `bizType` of their log rows. */
export type ExamineBizType = 'registinfo' | 'studentstatus' | 'department' | 'speciality' | 'visitrecord';

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
