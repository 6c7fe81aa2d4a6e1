import { defineEntity } from '../../entity.js';
import { date, datetime, dict, fk, integer, text, textarea } from '../../fields.js';
import { t } from '../../text.js';
import { departmentPick, specialityPick } from '../people/people-fields.js';
import { alumnusPick, fileList } from './relation-fields.js';

export const DOC_QUERY_MSG = {
  handleNeeded: t('办理状态的变更需要办理权限', 'Changing the status needs the handle permission'),
  badStep: t('办理状态不能由{from}变为{to}', 'The status cannot change from {from} to {to}'),
  finalOnlyRemark: t('已办结、已驳回或已撤销的申请只能修改备注', 'A finished, rejected or withdrawn request only takes a new remark'),
  archiveRequired: t('办结档案查询需填写档案所在单位', 'Please enter who holds the file to complete'),
  transferRequired: t('办结档案转递需填写档案所在单位、转递日期和机要/快递单号', 'Please enter who holds the file, the transfer date and the tracking number to complete'),
  trackingRequired: t('邮寄或机要领取需填写机要/快递单号', 'Please enter the tracking number for delivery by post or confidential mail'),
  replyRequired: t('请填写办理结果', 'Please enter the reply'),
  remarkRequired: t('撤销需在备注中记录申请人的意见', 'Please record the applicant\'s words in the remark to withdraw'),
  recipientRequired: t('邮寄或机要领取需填写收件人和邮寄地址', 'Please enter the recipient and the mailing address for delivery by post'),
  orgRequired: t('机要领取需填写接收单位', 'Please enter the receiving organisation for confidential mail'),
  notRemovable: t('办理中或已办结的申请不能删除', 'A request being handled or completed cannot be removed'),
  badYears: t('毕业年份不能早于入学年份', 'The graduation year cannot be before the enrollment year'),
} as const;

/** Dictionary `docquery_status`. */
export const DOC_STATUS = { waiting: '0', handling: '1', done: '2', rejected: '3', withdrawn: '4' } as const;

/** The handling steps of a request (DOMAIN 5.5): the statuses each status may move to. */
export const DOC_STEPS: Record<string, readonly string[]> = {
  '0': ['1', '3', '4'], '1': ['2', '4'], '2': [], '3': [], '4': [],
};

/**
 * A document query 档案查询 (DOMAIN 5.5): an alumnus asks where the personnel file went, or for a
 * transcript or a verification letter; staff accept, handle and complete it.
 */
export const docQueryEntity = defineEntity({
  name: 'docQuery',
  label: t('档案查询', 'Document query'),
  table: 'alumni_doc_query',
  scope: 'tenant',
  permission: 'docquery',
  api: { base: '/blade-docquery/docquery', list: 'page', save: true, update: true },
  fields: {
    acceptNo: text(t('受理编号', 'Acceptance no.'), { max: 16, form: 'readonly', list: true, search: 'like', width: 140 }),
    queryType: dict(t('业务类型', 'Request type'), 'docquery_type', { source: 'biz', required: true, list: true, search: 'equal', width: 110 }),
    name: text(t('姓名', 'Name'), { required: true, max: 30, list: true, search: 'like', width: 90 }),
    idType: dict(t('证件类型', 'ID type'), 'id_type', { source: 'biz', required: true, default: '1' }),
    idCardNo: text(t('证件号码', 'ID number'), { required: true, max: 30, list: true, search: 'equal', width: 180, sensitive: 'idCard' }),
    alumniId: alumnusPick(t('校友', 'Alumnus')),
    studentNo: text(t('学号', 'Student no.'), { max: 32, search: 'like' }),
    departmentId: { ...departmentPick(t('院系', 'Department'), { required: true }), width: 160 },
    specialityId: { ...specialityPick(t('专业', 'Speciality')), list: false },
    educationLevel: dict(t('学历层次', 'Level'), 'education_level', { source: 'biz', required: true, search: 'equal' }),
    enrollmentYear: integer(t('入学年份', 'Enrollment year'), { required: true, min: 1900, max: 2100, search: 'range' }),
    graduationYear: integer(t('毕业年份', 'Graduation year'), { required: true, min: 1900, max: 2100, list: true, search: 'range', width: 90 }),
    purpose: text(t('用途', 'Purpose'), { required: true, max: 255, list: true, width: 120 }),
    areaCode: text(t('国际区号', 'Country code'), { required: true, max: 6, default: '+86' }),
    phone: text(t('联系电话', 'Phone'), { required: true, max: 20, list: true, search: 'equal', width: 130, sensitive: 'phone' }),
    email: text(t('电子邮箱', 'E-mail'), { max: 100, check: 'email', sensitive: 'email' }),
    deliveryMethod: dict(t('领取方式', 'Delivery'), 'delivery_method', { source: 'biz', required: true, list: true, search: 'equal', width: 100 }),
    recipientName: text(t('收件人', 'Recipient'), { max: 30 }),
    recipientOrg: text(t('接收单位', 'Receiving organisation'), { max: 128 }),
    mailingAddress: text(t('邮寄地址', 'Mailing address'), { max: 255, wide: true, sensitive: 'address' }),
    applyTime: datetime(t('申请时间', 'Applied at'), { form: 'readonly', list: true, search: 'range', width: 170 }),
    handleStatus: dict(t('办理状态', 'Status'), 'docquery_status', { source: 'biz', default: '0', form: 'readonly', list: true, search: 'equal', width: 100 }),
    handlerId: fk(t('经办人', 'Handled by'), { ref: 'user', form: 'readonly', list: true, width: 100 }),
    acceptTime: datetime(t('受理时间', 'Accepted at'), { form: 'readonly' }),
    finishTime: datetime(t('办结时间', 'Completed at'), { form: 'readonly', list: true, sortable: true, width: 170 }),
    archiveLocation: text(t('档案所在单位', 'File held by'), { max: 128, search: 'like' }),
    transferDate: date(t('转递日期', 'Transferred on')),
    trackingNo: text(t('机要/快递单号', 'Tracking no.'), { max: 32, search: 'equal' }),
    replyContent: textarea(t('办理结果', 'Reply'), { max: 2000 }),
    resultFiles: fileList(t('结果文件', 'Result files'), 5),
    orgDeptId: fk(t('归属机构', 'Owning unit'), { ref: 'dept', form: 'hidden' }),
    remark: text(t('备注', 'Remark'), { max: 500, wide: true }),
  },
  defaultSort: [{ field: 'applyTime', desc: true }],
  titleField: 'acceptNo',
  numbers: { acceptNo: { kind: 'sequence', prefix: 'DA', period: 'day', digits: 3 } },
  excel: { export: true },
});
