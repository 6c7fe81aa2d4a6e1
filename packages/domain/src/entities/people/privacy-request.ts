import { defineEntity } from '../../entity.js';
import { date, datetime, dict, fk, text, textarea } from '../../fields.js';
import { t } from '../../text.js';

/** Dictionary `privacy_request_kind`: what an alumnus asks of the school under PIPL art. 44–47. */
export const PRIVACY_KIND = { correction: '1', deletion: '2', withdraw: '3' } as const;
/** The kinds by the names the portal sends. */
export const PRIVACY_KIND_BY_NAME: Readonly<Record<string, string>> = { correction: '1', deletion: '2', withdraw: '3' };
/** Dictionary `privacy_request_state`. */
export const PRIVACY_STATE = { waiting: 0, handling: 1, done: 2, rejected: 3 } as const;
/** The states a request may move to from each state; done and rejected are final. */
export const PRIVACY_STEPS: Readonly<Record<number, readonly number[]>> = { 0: [1, 2, 3], 1: [2, 3], 2: [], 3: [] };
/** Working days the school has to answer (PIPL art. 50 leaves the time to rules; 15 working days is the common reading, decision 259). */
export const PRIVACY_DEADLINE_WORKING_DAYS = 15;

export const PRIVACY_MSG = {
  badKind: t('请求类型只能是更正、删除或撤回同意', 'The request must be a correction, a deletion or a withdrawal of consent'),
  detailLength: t('请求说明最多2000个字', 'The description holds at most 2000 characters'),
  detailRequired: t('更正请求须说明要更正的内容', 'A correction request must say what to correct'),
  onlyHandling: t('只能修改处理状态和处理意见', 'Only the state and the opinion of the handling may change'),
  badStep: t('处理状态不能由“{from}”改为“{to}”', 'The state cannot change from “{from}” to “{to}”'),
  opinionRequired: t('驳回请求须填写处理意见', 'Rejecting a request needs an opinion'),
  pendingExists: t('已有同类请求正在处理', 'A request of this kind is already being handled'),
  anonymised: t('已匿名化', 'Anonymised'),
  badFormat: t('导出格式只能是 json 或 html', 'The format must be json or html'),
  badState: t('处理状态只能是待处理、处理中、已完成或已驳回', 'The state must be waiting, being handled, done or rejected'),
  alumnusMissing: t('校友不存在', 'The alumnus does not exist'),
  anonymiseAsked: t('完成删除请求须通过“执行匿名化”确认', 'A deletion request is completed through “Anonymise”, which asks first'),
  removeRejectedOnly: t('只能删除已驳回的请求', 'Only a rejected request can be removed'),
} as const;

/**
 * A request an alumnus makes about the personal data the school holds (PIPL art. 44–47): a
 * correction, a deletion (the school anonymises the record and keeps the statistics) or the
 * withdrawal of every consent. Made in the alumni portal; handled by staff in 隐私权请求 under
 * 校友管理 with its legal deadline; each handling is a write the audit trail records.
 */
export const privacyRequestEntity = defineEntity({
  name: 'privacyRequest',
  label: t('隐私权请求', 'Privacy request'),
  table: 'alumni_privacy_request',
  scope: 'tenant',
  permission: 'privacyrequest',
  api: { base: '/blade-privacyRequest/privacyRequest' },
  fields: {
    alumniId: fk(t('校友', 'Alumnus'), {
      ref: 'basicInfo', required: true, form: 'create-only', list: true, search: 'equal', width: 120,
      options: { url: '/blade-basicInfo/basicInfo/select', shape: 'list', labelKey: 'label', valueKey: 'id', search: 'keyword' },
    }),
    kind: dict(t('请求类型', 'Kind'), 'privacy_request_kind', { source: 'biz', required: true, form: 'create-only', list: true, search: 'equal', width: 110 }),
    detail: textarea(t('请求说明', 'Description'), { max: 2000, form: 'create-only' }),
    requestTime: datetime(t('提出时间', 'Requested at'), { form: 'readonly', list: true, search: 'range', width: 170 }),
    deadline: date(t('法定答复期限', 'Legal deadline'), { form: 'readonly', list: true, search: 'range', width: 120 }),
    state: dict(t('处理状态', 'State'), 'privacy_request_state', { source: 'biz', numeric: true, list: true, search: 'equal', width: 100 }),
    opinion: text(t('处理意见', 'Opinion'), { max: 500, wide: true }),
    handleUser: fk(t('处理人', 'Handled by'), { ref: 'user', form: 'readonly', list: true, width: 100 }),
    handleTime: datetime(t('处理时间', 'Handled at'), { form: 'readonly', list: true, width: 170 }),
  },
  defaultSort: [{ field: 'state' }, { field: 'deadline' }],
  titleField: 'kind',
});
