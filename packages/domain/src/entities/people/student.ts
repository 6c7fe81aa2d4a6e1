import { defineEntity } from '../../entity.js';
import { date, dict, fk, text, ID_CARD_FILLS } from '../../fields.js';
import { t } from '../../text.js';
import { departmentPick, specialityPick, studyYears } from './people-fields.js';

export const STUDENT_MSG = {
  studentNoTaken: t('学号已存在', 'This student number already exists'),
  studentNoFormat: t('学号不能包含中文', 'The student number must not contain Chinese characters'),
  specialityOutsideDepartment: t('所选专业不属于该院系', 'The speciality does not belong to the department'),
  badGraduationYear: t('毕业年份应不早于入学年份，且不晚于今年后8年', 'The graduation year is from the enrollment year to 8 years from now'),
} as const;

/** A student of the roster 学生名册 (DOMAIN 4.1), imported each term from academic affairs. */
export const studentEntity = defineEntity({
  name: 'student',
  label: t('学生', 'Student'),
  table: 'alumni_student',
  scope: 'tenant',
  permission: 'student',
  api: { base: '/blade-student/student', update: true },
  fields: {
    studentNo: text(t('学号', 'Student no.'), { required: true, max: 32, list: true, search: 'like', width: 130, form: 'create-only' }),
    name: text(t('姓名', 'Name'), { required: true, max: 30, list: true, search: 'like', width: 100 }),
    gender: dict(t('性别', 'Gender'), 'sex', { required: true, list: true, search: 'equal', width: 70 }),
    idType: dict(t('证件类型', 'ID type'), 'id_type', { source: 'biz', required: true, default: '1' }),
    idCardNo: text(t('证件号码', 'ID number'), { max: 30, search: 'equal', sensitive: 'idCard', idCardFills: ID_CARD_FILLS }),
    birthday: date(t('出生日期', 'Date of birth'), { sensitive: 'birthday' }),
    nation: dict(t('民族', 'Ethnicity'), 'nation', { source: 'biz', search: 'equal' }),
    politicalStatus: dict(t('政治面貌', 'Political status'), 'political_status', { source: 'biz', search: 'equal' }),
    nativePlace: text(t('籍贯', 'Native place'), { max: 64 }),
    departmentId: departmentPick(t('院系', 'Department'), { required: true }),
    specialityId: specialityPick(t('专业', 'Speciality'), { required: true }),
    className: text(t('班级', 'Class'), { max: 64, list: true, search: 'like', width: 120 }),
    educationLevel: dict(t('学历层次', 'Level'), 'education_level', { source: 'biz', required: true, list: true, search: 'equal', width: 100 }),
    studyForm: dict(t('学习形式', 'Study mode'), 'study_form', { source: 'biz', required: true, default: '1', search: 'equal' }),
    ...studyYears(),
    studyStatus: dict(t('学籍状态', 'Study status'), 'study_status', { source: 'biz', required: true, default: '1', list: true, search: 'equal', width: 100 }),
    phone: text(t('手机号码', 'Mobile'), { max: 20, list: true, search: 'equal', width: 130, check: 'mobile', sensitive: 'phone' }),
    email: text(t('电子邮箱', 'E-mail'), { max: 100, check: 'email', sensitive: 'email' }),
    homeAddress: text(t('家庭住址', 'Home address'), { max: 255, wide: true, sensitive: 'address' }),
    alumniId: fk(t('校友档案', 'Alumni record'), { ref: 'basicInfo', form: 'readonly', list: true, width: 110 }),
    orgDeptId: fk(t('归属机构', 'Owning unit'), { ref: 'dept', form: 'hidden' }),
    remark: text(t('备注', 'Remark'), { max: 500, wide: true }),
  },
  defaultSort: [{ field: 'enrollmentYear', desc: true }, { field: 'studentNo' }],
  unique: [{ fields: ['studentNo'], message: STUDENT_MSG.studentNoTaken }],
  titleField: 'name',
  excel: { export: true, import: { key: ['studentNo'] } },
});
