import { defineEntity } from '../../entity.js';
import { examineFields } from '../../examination.js';
import { date, dict, fk, ids, text, textarea } from '../../fields.js';
import { t } from '../../text.js';
import { regionFields } from '../people/people-fields.js';
import { associationPick, fileList } from './relation-fields.js';

export const VISIT_MSG = {
  whomRequired: t('请选择走访校友或填写被访单位', 'Please select the alumni visited or enter the organisation visited'),
  minutesRequired: t('请填写走访纪要（不少于20字）', 'Please write the minutes (at least 20 characters)'),
  locked: t('走访记录已提交审核，不能修改', 'The visit record has been handed in and cannot be edited'),
  notRemovable: t('待审核或已通过的走访记录不能删除', 'A visit record waiting for or past examination cannot be removed'),
  provinceRequired: t('国内走访请选择省份', 'Please select the province of a visit in China'),
  badVerdict: t('审核结果只能是通过（2）或退回（3）', 'The result must be approve (2) or return (3)'),
  careMissing: t('所选关怀记录不存在', 'The care entry does not exist'),
  careDone: t('见走访记录《{title}》', 'See the visit record "{title}"'),
} as const;

// A visit record keeps its state in `visitStatus`; the other fields of the examination are shared.
const { examineStatus: _examineStatus, ...examineResult } = examineFields();

/** Dictionary `visit_status`. */
export const VISIT_STATUS = { draft: 0, pending: 1, approved: 2, returned: 3 } as const;
/** Shortest minutes a visit record is handed in with. */
export const MIN_MINUTES = 20;

/**
 * A visit to alumni or their organisations 走访记录 (DOMAIN 5.4): recorded by a college or the
 * alumni office, handed in and examined; approved records are counted (countVisit).
 */
export const visitRecordEntity = defineEntity({
  name: 'visitRecord',
  label: t('走访记录', 'Visit record'),
  table: 'alumni_visit_record',
  scope: 'tenant',
  permission: 'visitrecord',
  api: { base: '/blade-visitRecord/visitRecord' },
  fields: {
    title: text(t('走访主题', 'Subject'), { required: true, max: 100, list: true, search: 'like', width: 180 }),
    visitType: dict(t('走访类型', 'Visit type'), 'visit_type', { source: 'biz', required: true, list: true, search: 'equal', width: 120 }),
    visitDate: date(t('走访日期', 'Visit date'), { required: true, list: true, search: 'range', width: 110 }),
    departmentId: fk(t('走访单位', 'Visiting college'), {
      ref: 'department', list: true, search: 'equal', width: 150,
      options: { url: '/blade-department/department/select', shape: 'list', labelKey: 'departmentName', valueKey: 'id' },
    }),
    leaderName: text(t('带队领导', 'Led by'), { max: 64, list: true, search: 'like', width: 100 }),
    visitors: text(t('走访人员', 'Visiting staff'), { required: true, max: 255, search: 'like' }),
    visitedAlumniIds: ids(t('走访校友', 'Alumni visited'), {
      ref: 'basicInfo', list: true, width: 160,
      options: { url: '/blade-basicInfo/basicInfo/select', shape: 'list', labelKey: 'label', valueKey: 'id', search: 'keyword' },
    }),
    visitedOrganization: text(t('被访单位', 'Organisation visited'), { max: 128, list: true, search: 'like', width: 160 }),
    associationId: associationPick(t('关联校友会', 'Association'), { search: 'equal' }),
    country: text(t('国家/地区', 'Country/region'), { required: true, max: 64, default: '中国' }),
    provinceCode: { ...regionFields().provinceCode, list: true, width: 100 },
    cityCode: { ...regionFields().cityCode, search: undefined },
    address: text(t('详细地点', 'Address'), { max: 255, wide: true, sensitive: 'address' }),
    purpose: textarea(t('走访目的', 'Purpose'), { max: 500 }),
    content: textarea(t('走访纪要', 'Minutes'), { max: 5000, search: 'like' }),
    outcomes: text(t('走访成果', 'Outcomes'), { max: 255, list: true, width: 160 }),
    followUpPlan: textarea(t('后续计划', 'Follow-up'), { max: 1000 }),
    nextVisitDate: date(t('下次走访日期', 'Next visit')),
    careListId: fk(t('关联关怀', 'Care entry'), { ref: 'careList' }),
    photos: fileList(t('照片', 'Photos'), 9, 'image'),
    attachments: fileList(t('附件', 'Attachments'), 5),
    orgDeptId: fk(t('归属机构', 'Owning unit'), { ref: 'dept', form: 'hidden' }),
    ...examineResult,
    visitStatus: dict(t('状态', 'Status'), 'visit_status', {
      source: 'biz', numeric: true, form: 'readonly', list: true, search: 'equal', width: 90,
    }),
  },
  defaultSort: [{ field: 'visitDate', desc: true }],
  titleField: 'title',
  excel: { export: true },
  examine: {
    bizType: 'visitrecord',
    menu: 'visitrecord',
    path: '/blade-visitRecord/visitRecord/examine',
    method: 'PUT',
    states: {
      field: 'visitStatus', draft: VISIT_STATUS.draft, pending: VISIT_STATUS.pending, approved: VISIT_STATUS.approved,
      rejected: VISIT_STATUS.returned, rejectAction: 'return', handIn: 'submitForExamine', lockedMessage: VISIT_MSG.locked,
      badResult: VISIT_MSG.badVerdict,
    },
  },
});
