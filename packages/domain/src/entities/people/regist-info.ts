import { defineEntity } from '../../entity.js';
import { examineFields } from '../../examination.js';
import { dict, fk, flag, integer, text, date, datetime, ID_CARD_FILLS } from '../../fields.js';
import { t } from '../../text.js';
import { enableStatusField } from '../academic/academic-fields.js';
import { departmentPick, regionFields, specialityPick, workFields } from './people-fields.js';

export const REGIST_MSG = {
  alreadyExamined: t('该登记已审核，不能重复审核', 'This registration has already been examined'),
  examinedLocked: t('已审核的登记不能修改', 'An examined registration cannot be edited'),
  examinedNotRemovable: t('已审核的登记不能删除', 'An examined registration cannot be deleted'),
  disabled: t('登记信息已停用', 'This registration is disabled'),
  mustMerge: t('存在证件号码相同的校友，请选择“合并通过”', 'An alumnus with the same ID number exists: approve by merging'),
  mergeOneId: t('合并通过一次只能审核一条登记', 'Merge one registration at a time'),
  mergeTarget: t('请选择要合并的校友', 'Please choose the alumnus to merge into'),
  mergeTargetMissing: t('要合并的校友不存在或不在您的数据范围内', 'The alumnus to merge into does not exist or is outside your data scope'),
  badResult: t('审核结果只能是通过、合并通过或驳回', 'The result must be approve (1), merge (3) or reject (2)'),
  badOverwrite: t('合并字段不正确：{fields}', 'Unknown fields to merge: {fields}'),
  provinceRequired: t('国家为中国时请选择省份', 'Please choose the province when the country is China'),
  badAreaCode: t('国际区号格式不正确，例如 +86', 'The country code looks like +86'),
  futureBirthday: t('出生日期不能晚于今天', 'The date of birth cannot be after today'),
  graduationYear: t('毕业年份应不早于入学年份，且不晚于今年', 'The graduation year is from the enrollment year to this year'),
  notFound: t('未找到登记记录', 'No registration was found'),
  agreementRequired: t('请阅读并同意登记协议', 'Please read and accept the registration agreement'),
  captcha: t('验证码不正确', 'The captcha is not correct'),
  notResubmittable: t('只有被驳回的登记可以重新提交', 'Only a rejected registration can be submitted again'),
} as const;

/**
 * The registration agreement an alumnus accepts on the self-service page (DOMAIN 4.2.6): its code
 * and version are stored with the registration, so a later change of wording is a new version.
 */
export const REGIST_AGREEMENT = {
  textCode: 'REGIST_AGREEMENT',
  version: '1.0',
  title: t('校友信息登记协议', 'Alumni registration agreement'),
  content: t(
    '为开展校友联络与服务，学校校友工作办公室将收集您填写的身份、学历、联系方式与工作信息，仅用于校友身份核实、校友联络、活动通知与校友服务，不会向第三方提供。您可以随时联系校友办查询、更正或删除您的信息，或退订短信与邮件。提交即表示您同意上述用途。',
    'To keep in touch with and serve its alumni, the alumni office collects the identity, study, contact and work details you give. They are used only to verify that you are an alumnus, to contact you, to tell you about events and to serve you, and are never passed to third parties. You may ask the alumni office at any time to show, correct or delete them, and unsubscribe from text messages and e-mail. Submitting means you accept these uses.',
  ),
} as const;

/** Dictionary `regist_status`: the shared examination states plus 3 合并通过. */
export const REGIST_STATUS = { pending: 0, approved: 1, rejected: 2, merged: 3 } as const;

/** Dictionary `regist_source`. */
export const REGIST_SOURCE = { web: '1', miniProgram: '2', staff: '3', import: '4', roster: '5', activity: '6' } as const;

/** What a registration typed in by staff records as the accepted agreement. */
export const STAFF_AGREEMENT = 'STAFF_ENTRY';

/** The fields a merge overwrites by default (DOMAIN 4.2.4): newer contact and work data wins. */
export const MERGE_DEFAULT_FIELDS = [
  'phone', 'email', 'wechat', 'provinceCode', 'cityCode', 'districtCode', 'address',
  'company', 'companyNature', 'industry', 'position', 'jobTitle',
] as const;

/** Identity fields a merge only fills where the alumni record is empty, unless named explicitly. */
export const MERGE_IDENTITY_FIELDS = [
  'name', 'formerName', 'gender', 'birthday', 'idType', 'idCardNo', 'nation', 'politicalStatus', 'nativePlace',
] as const;

/** The registration fields an alumni record receives on approval and a merge may carry (DOMAIN 4.2.4), in form order. */
export const MERGEABLE_FIELDS = [
  ...MERGE_IDENTITY_FIELDS, 'avatar', 'areaCode', 'phone', 'email', 'wechat', 'country', 'provinceCode', 'cityCode', 'districtCode',
  'address', 'company', 'companyNature', 'industry', 'position', 'jobTitle',
] as const;

/**
 * Registration info 校友信息登记 (DOMAIN 4.2): what an alumnus states about who they are and what
 * they studied, examined before it makes (or merges into) an alumni record.
 */
export const registInfoEntity = defineEntity({
  name: 'registInfo',
  label: t('校友信息登记', 'Registration'),
  table: 'alumni_regist_info',
  scope: 'tenant',
  permission: 'registinfo',
  api: {
    base: '/blade-registInfo/registInfo', list: 'manage/list', detail: 'detail/:id', submit: 'manage/saveOrUpdate',
    crypto: { body: true, answers: ['list', 'detail'] }, enable: true,
  },
  fields: {
    registNo: text(t('登记编号', 'Registration no.'), { max: 20, form: 'readonly', list: true, search: 'like', width: 150 }),
    name: text(t('姓名', 'Name'), { required: true, max: 30, list: true, search: 'like', width: 100 }),
    formerName: text(t('曾用名', 'Former name'), { max: 30 }),
    gender: dict(t('性别', 'Gender'), 'sex', { required: true, list: true, search: 'equal', width: 70 }),
    idType: dict(t('证件类型', 'ID type'), 'id_type', { source: 'biz', required: true, default: '1' }),
    idCardNo: text(t('证件号码', 'ID number'), { required: true, max: 30, list: true, search: 'equal', width: 180, sensitive: 'idCard', idCardFills: ID_CARD_FILLS }),
    birthday: date(t('出生日期', 'Date of birth'), { sensitive: 'birthday' }),
    nation: dict(t('民族', 'Ethnicity'), 'nation', { source: 'biz' }),
    politicalStatus: dict(t('政治面貌', 'Political status'), 'political_status', { source: 'biz' }),
    nativePlace: text(t('籍贯', 'Native place'), { max: 64 }),
    avatar: text(t('照片', 'Photo'), { max: 500, image: true }),
    departmentId: { ...departmentPick(t('院系', 'Department'), { required: true }), width: 160 },
    specialityId: specialityPick(t('专业', 'Speciality'), { required: true }),
    educationLevel: dict(t('学历层次', 'Level'), 'education_level', { source: 'biz', required: true, list: true, search: 'equal', width: 100 }),
    enrollmentYear: integer(t('入学年份', 'Enrollment year'), { required: true, min: 1900, max: 2100, list: true, search: 'range', width: 100 }),
    graduationYear: integer(t('毕业年份', 'Graduation year'), { min: 1900, max: 2100, list: true, search: 'range', width: 100 }),
    studentNo: text(t('学号', 'Student no.'), { max: 32, search: 'like' }),
    className: text(t('班级', 'Class'), { max: 64, search: 'like' }),
    studyForm: dict(t('学习形式', 'Study mode'), 'study_form', { source: 'biz', default: '1' }),
    areaCode: text(t('国际区号', 'Country code'), { required: true, max: 6, default: '+86' }),
    phone: text(t('手机号码', 'Mobile'), { required: true, max: 20, list: true, search: 'equal', width: 130, sensitive: 'phone' }),
    email: text(t('电子邮箱', 'E-mail'), { max: 100, search: 'equal', check: 'email', sensitive: 'email' }),
    wechat: text(t('微信号', 'WeChat ID'), { max: 64, sensitive: 'social' }),
    country: text(t('国家/地区', 'Country/region'), { required: true, max: 64, default: '中国', search: 'like' }),
    ...regionFields(),
    address: text(t('详细地址', 'Address'), { max: 255, wide: true, sensitive: 'address' }),
    ...workFields(),
    agreementTextCode: text(t('同意的协议', 'Agreement'), { max: 32, form: 'readonly' }),
    agreementVersion: text(t('协议版本', 'Agreement version'), { max: 16, form: 'readonly' }),
    consentTime: datetime(t('同意时间', 'Consented at'), { form: 'readonly' }),
    allowSms: flag(t('接收短信', 'Accept SMS'), { default: 1 }),
    allowEmail: flag(t('接收邮件', 'Accept e-mail'), { default: 1 }),
    allowWechat: flag(t('接收微信消息', 'Accept WeChat'), { default: 1 }),
    source: dict(t('登记来源', 'Source'), 'regist_source', { source: 'biz', form: 'readonly', list: true, search: 'equal', width: 120 }),
    rosterMatch: dict(t('名册比对', 'Roster check'), 'roster_match', { source: 'biz', form: 'readonly', list: true, search: 'equal', width: 100 }),
    matchedStudentId: fk(t('匹配名册', 'Roster record'), { ref: 'student', form: 'readonly' }),
    duplicateLevel: dict(t('疑似重复', 'Possible duplicate'), 'match_level', {
      source: 'biz', numeric: true, form: 'readonly', list: true, search: 'equal', width: 110,
    }),
    ...examineFields(),
    examineStatus: dict(t('审核状态', 'Examination'), 'regist_status', {
      source: 'biz', numeric: true, form: 'readonly', list: true, search: 'equal', width: 100,
    }),
    alumniId: fk(t('关联校友', 'Alumni record'), { ref: 'basicInfo', form: 'readonly', list: true, width: 120 }),
    orgDeptId: fk(t('归属机构', 'Owning unit'), { ref: 'dept', form: 'hidden' }),
    remark: text(t('备注', 'Remark'), { max: 500, wide: true }),
    status: { ...enableStatusField(), form: 'readonly' as const },
  },
  defaultSort: [{ field: 'createTime', desc: true }],
  titleField: 'registNo',
  showCreateTime: true,
  numbers: { registNo: { kind: 'sequence', prefix: 'DJ', period: 'day', digits: 4 } },
  excel: { export: true, import: { key: ['idType', 'idCardNo'] } },
  examine: {
    bizType: 'registinfo',
    menu: 'registinfo',
    path: '/blade-registInfo/registInfo/manage/examine',
    method: 'PUT',
    notPendingMessage: REGIST_MSG.alreadyExamined,
    final: { states: [REGIST_STATUS.approved, REGIST_STATUS.merged], edit: REGIST_MSG.examinedLocked, remove: REGIST_MSG.examinedNotRemovable },
  },
});
