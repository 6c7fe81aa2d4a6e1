import { defineEntity } from '../../entity.js';
import { date, dict, flag, fk, text, textarea } from '../../fields.js';
import { t } from '../../text.js';
import { activityPick, alumnusPick, fileList } from './relation-fields.js';

export const CARE_MSG = {
  alreadyListed: t('该校友已在关怀名单中', 'The alumnus is already on the care list for this care type'),
  badTransition: t('关怀状态不能由{from}变为{to}', 'The status cannot change from {from} to {to}'),
  closed: t('已结束的关怀不能修改，新的需要请新增一条', 'A closed entry cannot be edited; add a new one for a new need'),
  doneNeeds: t('记录关怀需填写关怀方式、关怀日期和关怀记录', 'Recording care needs the method, the date and the record'),
  followNeeds: t('持续关注需填写下次关怀日期', 'Follow-up needs the next care date'),
  closeNeeds: t('结束关怀需在备注中说明原因', 'Closing needs a remark'),
  badAmount: t('慰问金应在0至999999.99之间', 'The allowance must be from 0 to 999,999.99'),
  activityMissing: t('所选活动不存在', 'The activity does not exist'),
  userMissing: t('所选负责人不存在', 'The responsible staff member does not exist'),
} as const;

/** Dictionary `care_status`. */
export const CARE_STATUS = { waiting: '0', done: '1', following: '2', closed: '3' } as const;

/** The care statuses an entry may move to from each status (DOMAIN 5.3); staying is always allowed. */
export const CARE_TRANSITIONS: Record<string, readonly string[]> = {
  '0': ['1', '2', '3'], '1': ['2', '3'], '2': ['1', '3'], '3': [],
};

/**
 * An alumnus the school looks after 关怀名单 (DOMAIN 5.3), followed from 待关怀 through 已关怀 or
 * 持续关注 (with the next care date) until 已结束.
 */
export const careListEntity = defineEntity({
  name: 'careList',
  label: t('关怀名单', 'Care list'),
  table: 'alumni_act_carelist',
  scope: 'tenant',
  permission: 'carelist',
  api: { base: '/blade-actCarelist/actCarelist' },
  fields: {
    alumniId: alumnusPick(t('校友', 'Alumnus'), { required: true, form: 'create-only' }),
    careType: dict(t('关怀类型', 'Care type'), 'care_type', { source: 'biz', required: true, list: true, search: 'equal', width: 100 }),
    careReason: textarea(t('关怀原因', 'Reason'), { required: true, max: 500, list: true, width: 200 }),
    isUrgent: flag(t('紧急', 'Urgent'), { list: true, search: 'equal', width: 70 }),
    activityId: activityPick(t('关联活动', 'Care activity'), { list: true, search: 'equal', width: 160 }),
    responsibleUserId: fk(t('负责人', 'Responsible staff'), {
      // Required; the creator when none is picked (DOMAIN 5.3).
      ref: 'user', list: true, search: 'equal', width: 100,
      options: { url: '/blade-user/select', shape: 'list', labelKey: 'realName', valueKey: 'id' },
    }),
    contactName: text(t('家属联系人', 'Family contact'), { max: 32 }),
    contactPhone: text(t('联系电话', 'Contact phone'), { max: 20, list: true, width: 130, check: 'telephone', sensitive: 'phone' }),
    address: text(t('看望地址', 'Visit address'), { max: 255, wide: true, sensitive: 'address' }),
    careStatus: dict(t('关怀状态', 'Status'), 'care_status', { source: 'biz', default: '0', list: true, search: 'equal', width: 100 }),
    careMethod: dict(t('关怀方式', 'Method'), 'care_method', { source: 'biz', list: true, search: 'equal', width: 100 }),
    careDate: date(t('关怀日期', 'Date of care'), { list: true, search: 'range', width: 110 }),
    careContent: textarea(t('关怀记录', 'Record'), { max: 2000 }),
    giftContent: text(t('慰问品', 'Gifts'), { max: 255 }),
    amount: text(t('慰问金', 'Allowance'), { max: 16, list: true, width: 100 }),
    nextCareDate: date(t('下次关怀日期', 'Next care'), { list: true, search: 'range', width: 120 }),
    photos: fileList(t('照片', 'Photos'), 9, 'image'),
    orgDeptId: fk(t('归属机构', 'Owning unit'), { ref: 'dept', form: 'hidden' }),
    remark: text(t('备注', 'Remark'), { max: 500, wide: true }),
  },
  defaultSort: [{ field: 'careStatus' }, { field: 'nextCareDate' }],
  titleField: 'careReason',
  excel: { export: true },
});
