import { defineEntity } from '../../entity.js';
import { date, datetime, dict, flag, fk, ids, integer, text, ID_CARD_FILLS } from '../../fields.js';
import { ALUMNI_TAG_PICKER } from './alumni-tag.js';
import { t } from '../../text.js';
import { enableStatusField } from '../academic/academic-fields.js';
import { departmentPick, regionFields, specialityPick, workFields } from './people-fields.js';

export const BASIC_INFO_MSG = {
  idCardTaken: t('该证件号码已存在于校友库：{alumniCode} {name}', 'This ID number is already in the alumni records: {alumniCode} {name}'),
  needsStatus: t('请至少填写一条学籍信息', 'Please give at least one study record'),
} as const;

/**
 * The alumni record 校友基础信息库 (DOMAIN 4.3), one per person, which every other module points to.
 * Its personal, contact and work fields; the fields derived from its approved study records
 * (primary department and speciality, first enrollment year, levels) are set by the server.
 */
export const basicInfoEntity = defineEntity({
  name: 'basicInfo',
  label: t('校友', 'Alumnus'),
  table: 'alumni_basic_info',
  scope: 'tenant',
  permission: 'basicinfo',
  api: { base: '/blade-basicInfo/basicInfo', crypto: { body: true, answers: ['list', 'detail'] } },
  fields: {
    alumniCode: text(t('校友编号', 'Alumni code'), { max: 16, form: 'readonly', list: true, search: 'like', width: 120 }),
    name: text(t('姓名', 'Name'), { required: true, max: 30, list: true, search: 'like', width: 100 }),
    formerName: text(t('曾用名', 'Former name'), { max: 30 }),
    gender: dict(t('性别', 'Gender'), 'sex', { required: true, list: true, search: 'equal', width: 70 }),
    idType: dict(t('证件类型', 'ID type'), 'id_type', { source: 'biz', required: true, default: '1' }),
    idCardNo: text(t('证件号码', 'ID number'), { max: 30, search: 'equal', sensitive: 'idCard', idCardFills: ID_CARD_FILLS }),
    birthday: date(t('出生日期', 'Date of birth'), { sensitive: 'birthday' }),
    nation: dict(t('民族', 'Ethnicity'), 'nation', { source: 'biz' }),
    politicalStatus: dict(t('政治面貌', 'Political status'), 'political_status', { source: 'biz' }),
    nativePlace: text(t('籍贯', 'Native place'), { max: 64 }),
    avatar: text(t('照片', 'Photo'), { max: 500, image: true }),
    areaCode: text(t('国际区号', 'Country code'), { max: 6, default: '+86' }),
    phone: text(t('手机号码', 'Mobile'), { max: 20, list: true, search: 'equal', width: 130, check: 'mobile', sensitive: 'phone' }),
    email: text(t('电子邮箱', 'E-mail'), { max: 100, list: true, search: 'equal', width: 180, check: 'email', sensitive: 'email' }),
    wechat: text(t('微信号', 'WeChat ID'), { max: 64, sensitive: 'social' }),
    country: text(t('国家/地区', 'Country/region'), { max: 64, default: '中国', search: 'like' }),
    ...regionFields(),
    address: text(t('详细地址', 'Address'), { max: 255, wide: true, sensitive: 'address' }),
    ...workFields(),
    departmentId: departmentPick(t('所属院系', 'Primary department'), { form: 'readonly' }),
    specialityId: specialityPick(t('所属专业', 'Primary speciality'), { form: 'readonly' }),
    firstEnrollmentYear: integer(t('入学年份', 'Enrollment year'), { min: 1900, max: 2100, form: 'readonly', list: true, search: 'range', width: 100 }),
    educationLevels: dict(t('学历层次', 'Levels'), 'education_level', { source: 'biz', multiple: true, form: 'readonly' }),
    tags: ids(t('标签', 'Tags'), {
      ref: 'alumniTag', bulk: true, list: true, search: 'in', width: 180, wide: true,
      options: { url: ALUMNI_TAG_PICKER, shape: 'list', labelKey: 'tagName', valueKey: 'id' },
    }),
    // The total of the engagement score, kept by the server (decision 314); how it was reached is a call of its own.
    engagementScore: integer(t('参与度', 'Engagement'), { form: 'readonly', list: true, search: 'range', sortable: true, width: 90 }),
    // Two of the score's counts, kept beside it for the search and segments: check-ins, and gifts received in the last five years.
    activitiesAttended: integer(t('参加活动次数', 'Activities attended'), { form: 'readonly', search: 'range', sortable: true, width: 110 }),
    giftsFiveYears: integer(t('近5年捐赠次数', 'Gifts in 5 years'), { form: 'readonly', search: 'range', sortable: true, width: 110 }),
    isKeyAlumni: flag(t('重点校友', 'Key alumnus'), { default: 0, list: true, search: 'equal', width: 90 }),
    isDeceased: flag(t('已故', 'Deceased'), { default: 0, search: 'equal' }),
    directoryVisible: flag(t('通讯录可见', 'Listed in the directory'), { default: 1 }),
    allowSms: flag(t('接收短信', 'SMS allowed'), { default: 1, search: 'equal' }),
    allowEmail: flag(t('接收邮件', 'E-mail allowed'), { default: 1, search: 'equal' }),
    allowWechat: flag(t('接收微信消息', 'WeChat allowed'), { default: 1, search: 'equal' }),
    consentUpdateTime: datetime(t('授权更新时间', 'Consent updated'), { form: 'readonly' }),
    source: dict(t('来源', 'Source'), 'regist_source', { source: 'biz', form: 'readonly', list: true, search: 'equal', width: 110 }),
    orgDeptId: fk(t('归属机构', 'Owning unit'), { ref: 'dept', form: 'hidden' }),
    remark: text(t('备注', 'Remark'), { max: 500, wide: true }),
    status: enableStatusField(),
  },
  defaultSort: [{ field: 'createTime', desc: true }],
  titleField: 'name',
  segments: true,
  // A segment is most often a cohort: enrolled in some years, of a gender, of a college, within the
  // unit its user's data scope allows (decision 339).
  countIndexes: [{ name: 'cohort', fields: ['firstEnrollmentYear', 'gender', 'departmentId', 'orgDeptId'] }],
  numbers: { alumniCode: { kind: 'sequence', prefix: { param: 'alumni.code.prefix', default: 'XY' }, digits: 7 } },
  excel: {
    export: true,
    // An ID number finds the alumnus; without one, the name and the phone (DOMAIN 4.3.1). Each row
    // carries one study record, added to the alumnus unless it already has the same one.
    import: {
      key: ['idType', 'idCardNo'],
      fallbackKey: ['name', 'phone'],
      related: {
        field: 'studentStatuses', entity: 'studentStatus',
        fields: ['departmentId', 'specialityId', 'educationLevel', 'enrollmentYear', 'graduationYear'],
      },
    },
  },
});
