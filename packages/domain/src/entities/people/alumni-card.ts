import { defineEntity } from '../../entity.js';
import { examineFields } from '../../examination.js';
import { date, datetime, dict, fk, text } from '../../fields.js';
import { t } from '../../text.js';

/** Dictionary `alumni_card_state`: a card's life after its application is approved. */
export const CARD_STATE = { none: 0, active: 1, suspended: 2, revoked: 3 } as const;
/** The states a card may be moved to by staff from each state; a revoked card is final. */
export const CARD_STEPS: Readonly<Record<number, readonly number[]>> = { 0: [], 1: [2, 3], 2: [1, 3], 3: [] };
/** Years an approved card stays valid. */
export const CARD_VALID_YEARS = 5;
/** The longest reason a state change keeps. */
export const CARD_REASON_MAX = 200;
/** Seconds a rotating card code stands for, and how many steps either side the verification accepts. */
export const CARD_CODE_STEP_SECONDS = 60;
export const CARD_CODE_WINDOW = 1;

export const CARD_MSG = {
  nameRequired: t('请填写姓名', 'Please give your name'),
  idRequired: t('请填写证件号码', 'Please give your ID number'),
  noMatch: t('姓名或证件号码与校友档案不一致；若尚未登记，请先完成校友登记', 'The name or ID number does not match your alumni record; if you are not yet registered, please register first'),
  noId: t('您的校友档案没有证件号码，请先完成校友登记或联系校友办', 'Your alumni record holds no ID number; please register or contact the alumni office'),
  open: t('您已有一张待审核或有效的校友卡', 'You already have an alumni card, or an application being examined'),
  approvedFinal: t('已通过的校友卡申请不能修改或删除，可停用或注销', 'An approved card cannot be edited or removed; suspend or revoke it instead'),
  badState: t('校友卡状态只能改为有效、已停用或已注销', 'A card can only be made active, suspended or revoked'),
  badStep: t('校友卡状态不能由“{from}”改为“{to}”', 'The card cannot change from “{from}” to “{to}”'),
  notApproved: t('该申请尚未通过，没有校友卡', 'This application is not approved; there is no card'),
  noCard: t('您还没有有效的校友卡', 'You have no alumni card yet'),
  badCode: t('校友卡码格式不正确，应为“卡号-6位动态码”', 'The card code is not valid: it reads “card number-6 digits”'),
  unknownCard: t('未找到该校友卡', 'No such alumni card'),
  expiredCode: t('动态码已过期或不正确（截图无效），请让校友刷新校友卡', 'The code is out of date or wrong (a screenshot does not work); ask the alumnus to refresh the card'),
  suspended: t('该校友卡已停用', 'This card is suspended'),
  revoked: t('该校友卡已注销', 'This card is revoked'),
  outOfDate: t('该校友卡已过有效期', 'This card has expired'),
  valid: t('校友卡有效', 'The card is valid'),
  reasonRequired: t('停用或注销校友卡须填写原因', 'Please give the reason for suspending or revoking the card'),
  reasonTooLong: t('原因不能超过 {max} 个字', 'The reason may not be longer than {max} characters'),
} as const;

/**
 * The electronic alumni card (电子校友卡): an alumnus applies in the portal after a real-name check
 * against the alumni record (name + ID number); staff examine the application with the shared
 * examination (批量通过, 驳回 with a reason) under 校友管理 › 电子校友卡; an approved application is
 * the card, with its number, validity and state (有效, 已停用, 已注销), shown in the portal with a
 * code that changes every minute and verified by staff on 校友卡核验.
 */
export const alumniCardEntity = defineEntity({
  name: 'alumniCard',
  label: t('电子校友卡', 'Alumni card'),
  table: 'alumni_card',
  scope: 'tenant',
  permission: 'alumnicard',
  // Cards are written by the alumnus's application in the portal, the examination and the state
  // changes, never by a generic submit.
  api: { base: '/blade-alumniCard/alumniCard', submit: false },
  fields: {
    alumniId: fk(t('校友', 'Alumnus'), {
      ref: 'basicInfo', required: true, form: 'create-only', list: true, search: 'equal', width: 120,
      options: { url: '/blade-basicInfo/basicInfo/select', shape: 'list', labelKey: 'label', valueKey: 'id', search: 'keyword' },
    }),
    applyTime: datetime(t('申请时间', 'Applied at'), { form: 'readonly', list: true, search: 'range', width: 170 }),
    cardNo: text(t('卡号', 'Card number'), { max: 32, form: 'readonly', list: true, search: 'like', width: 130 }),
    validFrom: date(t('生效日期', 'Valid from'), { form: 'readonly', list: true, width: 110 }),
    validUntil: date(t('有效期至', 'Valid until'), { form: 'readonly', list: true, width: 110 }),
    cardState: dict(t('卡状态', 'Card state'), 'alumni_card_state', { source: 'biz', numeric: true, form: 'readonly', list: true, search: 'equal', width: 90 }),
    // The reason of the last suspension, reinstatement or revocation; each change and its reason is in the card's history.
    stateReason: text(t('状态变更原因', 'Reason for the state'), { max: CARD_REASON_MAX, form: 'readonly', list: true, width: 160 }),
    remark: text(t('备注', 'Remark'), { max: 500, wide: true }),
    ...examineFields(),
  },
  defaultSort: [{ field: 'applyTime', desc: true }],
  titleField: 'cardNo',
  examine: {
    bizType: 'alumnicard',
    menu: 'alumnicard',
    path: '/blade-alumniCard/alumniCard/examine',
    final: { states: [1], edit: CARD_MSG.approvedFinal, remove: CARD_MSG.approvedFinal },
  },
});
