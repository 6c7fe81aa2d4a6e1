import { BUSINESS_DICTIONARIES, PLATFORM_TENANT } from '@alumni/domain';
import { hashPassword, md5Hex } from '../auth/password.js';
import { formatDateTime } from '../core/time.js';
import type { Db } from '../db/database.js';
import { seedAcademicUnits } from './academic-seed.js';
import { seedBinjiangAlumni, seedBinjiangRegistration } from './binjiang-seed.js';
import type { FieldSealing } from '../db/field-sealing.js';
import { sealStoredFields } from '../db/seal-stored-fields.js';
import type { IdentityKeys } from '../modules/identity/identity-keys.js';
import { seedPeople } from './people-seed.js';
import { seedRegistrations } from './regist-seed.js';
import { seedRelations } from './relation-seed.js';
import { seedActivities } from './activity-seed.js';
import { seedGiving } from './giving-seed.js';
import { seedAlbums } from './album-seed.js';
import { seedChannels } from './channel-seed.js';
import { seedLeaves } from './leave-seed.js';
import { grantCollegeAdministration } from './college-administration.js';
import { MENU_TREE, seedId, type MenuSeed } from './menu-tree.js';
import { ADMIN_USER_ID, DEMO_PASSWORD, ROOT_DEPT_ID, dataScopeId, menuIdsByCode, seedDictionaries } from './platform-seed.js';
import { SeedWriter } from './seed-writer.js';
import { seedMessaging } from './messaging-seed.js';
import { seedSmsPushes } from './sms-push-seed.js';
import { seedNoticePushes } from './notice-push-seed.js';
import { seedReports } from './report-seed.js';
import { seedSurveys } from './survey-seed.js';

const USERS = 90, ROLES = 91, DEPTS = 92, POSTS = 93, PACKAGES = 97;

/** The organisation tree of the demo school (DOMAIN 15.1): [row, parent row (0 = root), name, category]. */
const DEPT_TREE: [number, number, string, number][] = [
  [1, 0, '校领导', 2], [2, 0, '校友工作办公室', 2], [3, 0, '教育发展基金会', 2], [4, 0, '计算机科学与技术学院', 2],
  [5, 4, '计算机学院校友会', 3], [6, 0, '电子信息工程学院', 2], [7, 0, '机械工程学院', 2], [8, 0, '经济与管理学院', 2],
  [9, 0, '外国语学院', 2], [10, 0, '化学与材料学院', 2], [11, 0, '校友总会', 2], [12, 11, '北京校友会', 3],
  [13, 11, '上海校友会', 3], [14, 11, '深圳校友会', 3], [15, 11, '北美校友会', 3], [16, 11, '金融行业校友会', 3], [17, 11, '校友羽毛球俱乐部', 3],
];

const POST_LIST: [number, string, string, number][] = [
  [1, 'leader', '校领导', 1], [2, 'director', '办公室主任', 2], [3, 'secretary', '院系校友秘书', 3],
  [4, 'assoc_secretary', '校友会秘书长', 3], [5, 'foundation', '基金会专员', 3], [6, 'staff', '科员', 3],
];

/** Roles of DOMAIN 15.2 under 校友工作: [row, alias, name]. */
const ALUMNI_ROLES: [number, string, string][] = [
  [2, 'alumni_admin', '校友办管理员'], [3, 'college_secretary', '院系校友秘书'], [4, 'association_officer', '校友会干事'],
  [5, 'foundation_officer', '基金会专员'], [6, 'leader', '校领导'],
];

/** Accounts of DOMAIN 18.2: [row, account, real name, role row, dept row, post row, phone]. */
const ACCOUNTS: [number, string, string, number, number, number, string][] = [
  [2, 'office', '王晓梅', 2, 2, 2, '13900000002'], [3, 'college', '李建国', 3, 4, 3, '13900000003'],
  [4, 'association', '张伟', 4, 12, 4, '13900000004'], [5, 'foundation', '赵敏', 5, 3, 5, '13900000005'],
  [6, 'leader', '陈志远', 6, 1, 1, '13900000006'],
];

/** The demo school's accounts besides `admin`, all seeded with the published demo password. */
export const DEMO_ACCOUNTS: readonly string[] = ACCOUNTS.map(([, account]) => account);

/** What a college secretary and an association officer may do with activities (DOMAIN 15.3). */
const ACTIVITY_ORGANISER = [
  'activities', 'activity', 'activity_add', 'activity_edit', 'activity_view', 'activity_enable', 'activity_winners', 'activity_export',
  'actapplist', 'actapplist_add', 'actapplist_edit', 'actapplist_view', 'actapplist_confirm', 'actapplist_signin', 'actapplist_export',
  'activitycost', 'activitycost_add', 'activitycost_edit', 'activitycost_view', 'activitycost_export',
];

/** Who reads the reports without designing them (DOMAIN 15.3 reportlist: view). */
const REPORT_VIEWER = ['report', 'reportlist', 'reportlist_view'];

/** What a college secretary and an association officer may do with notices and pushes (DOMAIN 15.3). */
const NOTICE_ORGANISER = [
  'alumninotice', 'alumninotice_add', 'alumninotice_edit', 'alumninotice_view',
  'noticepush', 'noticepush_add', 'noticepush_edit', 'noticepush_view', 'noticepush_send',
];

/** Buttons granted per role, as far as their menus exist (DOMAIN 15.3). */
const GRANTS: Record<string, string[]> = {
  alumni_admin: [
    'system', 'user', 'user_add', 'user_edit', 'user_view', 'user_reset', 'user_unlock', 'dept', 'dept_view', 'post', 'post_view',
    'dictbiz', 'dictbiz_add', 'dictbiz_edit', 'dictbiz_delete', 'dictbiz_view', 'param', 'param_view', 'param_edit',
    'resource', 'sms', 'sms_view', 'attach', 'attach_view', 'messaging', ...withButtons('emailsetting', 'noticetemplate', 'text', 'alumninotice', 'noticepush', 'smspush'),
    ...withButtons('message'),
    ...withButtons('academic', 'department', 'speciality', 'departmentexamine', 'specialityexamine'),
    ...withButtons('alumni', 'registinfo', 'basicinfo', 'studentstatus', 'student', 'honor', 'privacyrequest', 'alumnicard', 'alumnicardverify', 'alumnitag', 'segment'),
    ...withButtons('org', 'association', 'engage', 'visitrecord', 'carelist', 'docquery'),
    ...withButtons('activities', 'activity', 'actapplist', 'activitycost'),
    ...withButtons('photo', 'giving', 'donation'),
    ...withButtons('report', 'reportlist', 'report_designer'),
    ...withButtons('survey', 'questionnaire', 'subjectregist', 'optioninstruction'),
  ],
  college_secretary: [
    'academic', 'department', 'department_add', 'department_view', 'speciality', 'speciality_add', 'speciality_view',
    'alumni', 'alumni_sensitive_view', 'registinfo', 'registinfo_add', 'registinfo_edit', 'registinfo_view', 'registinfo_examine',
    'registinfo_enable', 'registinfo_export', 'basicinfo', 'basicinfo_add', 'basicinfo_edit', 'basicinfo_view', 'basicinfo_export',
    ...withButtons('alumnitag'), 'segment',
    'studentstatus', 'studentstatus_add', 'studentstatus_edit', 'studentstatus_delete', 'studentstatus_view', 'studentstatus_export',
    'student', 'student_view', 'student_export',
    'honor', 'honor_add', 'honor_edit', 'honor_view',
    'org', 'association', 'association_view', 'association_edit', 'association_member',
    'engage', 'visitrecord', 'visitrecord_add', 'visitrecord_edit', 'visitrecord_delete', 'visitrecord_view', 'visitrecord_export',
    'carelist', 'carelist_add', 'carelist_edit', 'carelist_view', 'carelist_export', 'docquery', 'docquery_view', 'docquery_handle',
    'messaging', 'noticetemplate', 'noticetemplate_view', ...NOTICE_ORGANISER,
    'smspush', 'smspush_add', 'smspush_edit', 'smspush_view', 'smspush_send', 'smspushtarget_add', 'smspushtarget_alumni', 'smspushtarget_resend',
    ...ACTIVITY_ORGANISER,
    ...withButtons('photo'), 'giving', 'donation', 'donation_view',
    ...REPORT_VIEWER,
    'survey', 'questionnaire', 'questionnaire_add', 'questionnaire_edit', 'questionnaire_view', 'questionnaire_publish', 'questionnaire_stats',
    'questionnaire_export', ...withButtons('subjectregist', 'optioninstruction'),
  ],
  association_officer: [
    'org', 'association', 'association_view', 'association_edit', 'association_member',
    'engage', 'visitrecord', 'visitrecord_add', 'visitrecord_edit', 'visitrecord_view',
    'messaging', 'noticetemplate', 'noticetemplate_view', ...NOTICE_ORGANISER,
    'smspush', 'smspush_add', 'smspush_edit', 'smspush_view', 'smspush_send', 'smspushtarget_add', 'smspushtarget_alumni', 'smspushtarget_resend',
    ...ACTIVITY_ORGANISER,
    ...withButtons('photo'),
    'survey', 'questionnaire', 'questionnaire_view', 'questionnaire_stats',
  ],
  foundation_officer: [
    'alumni', 'honor', 'honor_view', 'org', 'association', 'association_view', 'engage', 'visitrecord', 'visitrecord_view',
    'messaging', 'noticetemplate', 'noticetemplate_view', 'alumninotice', 'alumninotice_view', 'noticepush', 'noticepush_view',
    'smspush', 'smspush_add', 'smspush_edit', 'smspush_view', 'smspush_send', 'smspushtarget_add', 'smspushtarget_alumni', 'smspushtarget_resend',
    'activities', 'activity', 'activity_view', 'actapplist', 'actapplist_view', 'activitycost', 'activitycost_view', 'activitycost_export',
    'alumni_sensitive_view', 'basicinfo', 'basicinfo_view', 'alumnitag', 'alumnitag_view', 'segment', 'photo', 'photo_view', ...withButtons('giving', 'donation'),
    ...REPORT_VIEWER,
  ],
  leader: [
    'academic', 'department', 'department_view', 'speciality', 'speciality_view',
    'alumni', 'registinfo', 'registinfo_view', 'basicinfo', 'basicinfo_view', 'alumnitag', 'alumnitag_view', 'segment', 'studentstatus', 'studentstatus_view', 'student', 'student_view',
    'honor', 'honor_view', 'org', 'association', 'association_view', 'engage', 'visitrecord', 'visitrecord_view', 'carelist', 'carelist_view',
    'message', 'message_view',
    'messaging', 'alumninotice', 'alumninotice_view', 'noticepush', 'noticepush_view',
    'activities', 'activity', 'activity_view', 'actapplist', 'actapplist_view', 'activitycost', 'activitycost_view',
    'photo', 'photo_view', 'giving', 'donation', 'donation_view',
    ...REPORT_VIEWER,
    'survey', 'questionnaire', 'questionnaire_view', 'questionnaire_stats',
  ],
};

/**
 * The data scope each role holds per business menu (DOMAIN 15.2): 1 all, 4 own unit and below. A
 * role holding a menu without a scope row would see everything, so every business menu a role
 * holds is listed.
 */
const ROLE_SCOPES: Record<string, [string, '1' | '4'][]> = {
  alumni_admin: [
    ['department', '1'], ['speciality', '1'], ['departmentexamine', '1'], ['specialityexamine', '1'],
    ['registinfo', '1'], ['basicinfo', '1'], ['studentstatus', '1'], ['student', '1'],
    ['honor', '1'], ['association', '1'], ['visitrecord', '1'], ['carelist', '1'], ['docquery', '1'],
    ['activity', '1'], ['actapplist', '1'], ['activitycost', '1'], ['photo', '1'], ['donation', '1'],
    ['alumninotice', '1'], ['noticepush', '1'], ['smspush', '1'],
    ['questionnaire', '1'], ['subjectregist', '1'], ['optioninstruction', '1'],
  ],
  college_secretary: [
    ['department', '4'], ['speciality', '4'], ['registinfo', '4'], ['basicinfo', '4'], ['studentstatus', '4'], ['student', '4'],
    ['honor', '4'], ['association', '4'], ['visitrecord', '4'], ['carelist', '4'], ['docquery', '4'],
    ['activity', '4'], ['actapplist', '4'], ['activitycost', '4'], ['photo', '4'], ['donation', '4'],
    ['alumninotice', '4'], ['noticepush', '4'], ['smspush', '4'],
    ['questionnaire', '4'], ['subjectregist', '4'], ['optioninstruction', '4'],
  ],
  association_officer: [['association', '4'], ['visitrecord', '4'], ['activity', '4'], ['actapplist', '4'], ['activitycost', '4'], ['photo', '4'], ['alumninotice', '4'], ['noticepush', '4'], ['smspush', '4'], ['questionnaire', '4']],
  foundation_officer: [['basicinfo', '1'], ['honor', '1'], ['association', '1'], ['visitrecord', '1'], ['activity', '1'], ['actapplist', '1'], ['activitycost', '1'], ['photo', '1'], ['donation', '1'], ['alumninotice', '1'], ['noticepush', '1'], ['smspush', '4']],
  leader: [
    ['department', '1'], ['speciality', '1'], ['registinfo', '1'], ['basicinfo', '1'], ['studentstatus', '1'], ['student', '1'],
    ['honor', '1'], ['association', '1'], ['visitrecord', '1'], ['carelist', '1'],
    ['activity', '1'], ['actapplist', '1'], ['activitycost', '1'], ['photo', '1'], ['donation', '1'],
    ['alumninotice', '1'], ['noticepush', '1'],
    ['questionnaire', '1'],
  ],
};

/** The codes of menus with all their buttons. */
function withButtons(...codes: string[]): string[] {
  const out: string[] = [];
  const walk = (list: MenuSeed[]) => list.forEach((m) => {
    if (codes.includes(m.code)) out.push(m.code, ...(m.buttons ?? []).map((b) => b.code));
    walk(m.children ?? []);
  });
  walk(MENU_TREE);
  return out;
}

/** Granted to every alumni role besides its own grants. */
const EVERY_ROLE = ['desk', 'notice', 'notice_view', ...withButtons('work', 'work_start', 'work_claim', 'work_todo', 'work_send', 'work_done')];

/** Package contents as far as their menus exist (DOMAIN 15.4). */
const PACKAGE_MENUS = {
  standard: [
    ...withButtons('work', 'work_start', 'work_claim', 'work_todo', 'work_send', 'work_done'),
    ...withButtons('system', 'user', 'dept', 'post', 'dictbiz', 'param', 'addressrule', 'retention'),
    ...withButtons('authority', 'role'),
    ...withButtons('resource', 'oss', 'sms', 'attach', 'messaging', 'emailsetting', 'noticetemplate', 'text', 'message', 'alumninotice', 'noticepush', 'smspush'),
    ...withButtons('academic', 'department', 'speciality', 'departmentexamine', 'specialityexamine'),
    ...withButtons('alumni', 'registinfo', 'basicinfo', 'studentstatus', 'student', 'honor', 'privacyrequest', 'alumnicard', 'alumnicardverify', 'alumnitag', 'segment'),
    ...withButtons('org', 'association', 'engage', 'visitrecord', 'carelist', 'docquery'),
    ...withButtons('activities', 'activity', 'actapplist', 'activitycost'),
    ...withButtons('photo', 'giving', 'donation'),
    ...withButtons('report', 'reportlist', 'report_designer'),
    ...withButtons('survey', 'questionnaire', 'subjectregist', 'optioninstruction'),
    // The tenant's audit trail (docs/decisions.md 187), under 系统监控 → 日志管理.
    'monitor', 'log', ...withButtons('audit'),
    // The tenant's personal-data access report (decision 304).
    ...withButtons('personal_access'),
    // The tenant's own online users and their forced sign-out (decision 287).
    ...withButtons('online_user'),
  ],
  basic: withButtons('system', 'user', 'dept', 'dictbiz', 'addressrule', 'retention', 'role', 'desk', 'notice', 'work', 'work_start', 'work_claim', 'work_todo', 'work_send', 'work_done')
    .concat(withButtons('academic', 'department', 'speciality', 'departmentexamine', 'specialityexamine'), 'authority')
    .concat(withButtons('alumni', 'registinfo', 'basicinfo', 'studentstatus', 'alumnitag', 'segment'))
    .concat(withButtons('org', 'association'))
    .concat(withButtons('activities', 'activity', 'actapplist'))
    .concat(withButtons('messaging', 'alumninotice')),
};

export const DEMO_TENANT = '100001';

/**
 * The demo school and a second tenant, so every screen has something to show and isolation can be
 * seen. The alumni are written in bulk, so their identity keys follow them (`keys`) and their
 * personal data is sealed (`sealing`), before the registrations are checked against them.
 */
export async function seedDemo(db: Db, keys: IdentityKeys, sealing: FieldSealing, dataDir: string): Promise<void> {
  const w = new SeedWriter(db, ADMIN_USER_ID);
  const menus = menuIdsByCode();
  const ids = (codes: string[]) => codes.map((c) => menus.get(c)).filter((id): id is string => !!id);
  // Each account gets its own salt, as a real installation's would.
  const password = () => hashPassword(md5Hex(DEMO_PASSWORD));

  for (const [row, parentRow, name, category] of DEPT_TREE) {
    const parentId = parentRow ? seedId(DEPTS, parentRow) : ROOT_DEPT_ID;
    const ancestors = parentRow ? `0,${ROOT_DEPT_ID},${parentId}` : `0,${ROOT_DEPT_ID}`;
    await w.insert('blade_dept', { id: seedId(DEPTS, row), parentId, ancestors, deptCategory: category, deptName: name, fullName: name, sort: row });
  }
  for (const [row, code, name, category] of POST_LIST) {
    await w.insert('blade_post', { id: seedId(POSTS, row), category, postCode: code, postName: name, sort: row });
  }
  const alumniRoot = await w.insert('blade_role', { id: seedId(ROLES, 1), parentId: '0', roleName: '校友工作', roleAlias: 'alumni', sort: 2 });
  for (const [row, alias, name] of ALUMNI_ROLES) {
    const roleId = await w.insert('blade_role', { id: seedId(ROLES, row), parentId: alumniRoot, roleName: name, roleAlias: alias, sort: row });
    // Every role reads the desk notices (DOMAIN 15.2).
    const codes = new Set([...(GRANTS[alias] ?? []), ...EVERY_ROLE]);
    for (const menuId of ids([...codes])) await w.link('blade_role_menu', { roleId, menuId });
    for (const [menu, type] of ROLE_SCOPES[alias] ?? []) {
      await w.link('blade_role_scope', { roleId, scopeCategory: 1, scopeId: dataScopeId(menu, type) });
    }
  }
  // The college secretary administers its own college's users and the role below its own (decision 299).
  await grantCollegeAdministration(db);
  for (const [row, account, realName, roleRow, deptRow, postRow, phone] of ACCOUNTS) {
    await w.insert('blade_user', {
      id: seedId(USERS, row), code: account, userType: 1, account, password: await password(), name: account, realName,
      email: `${account}@example.com`, phone, sex: row % 2 ? '1' : '2',
      roleId: seedId(ROLES, roleRow), deptId: seedId(DEPTS, deptRow), postId: seedId(POSTS, postRow),
    });
  }
  await seedChannels(w);
  await w.insert('blade_tenant_package', { id: seedId(PACKAGES, 1), packageName: '校友标准版', menuId: ids(PACKAGE_MENUS.standard).join(','), remark: 'Alumni standard' });
  const basic = await w.insert('blade_tenant_package', { id: seedId(PACKAGES, 2), packageName: '校友基础版', menuId: ids(PACKAGE_MENUS.basic).join(','), remark: 'Alumni basic' });

  // Tenant 100001: its own administrator named `admin` too, proving accounts are per tenant.
  const inAYear = formatDateTime(new Date(Date.now() + 365 * 86_400_000));
  await w.insert('blade_tenant', { tenantId: DEMO_TENANT, tenantName: '滨江职业技术学院', linkman: '周老师', contactNumber: '13900000101', accountNumber: 20, expireTime: inAYear, packageId: basic });
  const college = await w.insert('blade_dept', { id: seedId(DEPTS, 101), parentId: '0', ancestors: '0', deptCategory: 1, deptName: '滨江职业技术学院', fullName: '滨江职业技术学院', sort: 1 }, DEMO_TENANT);
  const role = await w.insert('blade_role', { id: seedId(ROLES, 101), parentId: '0', roleName: '管理员', roleAlias: 'admin', sort: 1 }, DEMO_TENANT);
  for (const menuId of ids(PACKAGE_MENUS.basic)) await w.link('blade_role_menu', { roleId: role, menuId });
  await w.insert('blade_user', {
    id: seedId(USERS, 101), code: 'admin', userType: 1, account: 'admin', password: await password(), name: 'admin', realName: '滨江管理员',
    email: 'admin@binjiang.example.com', phone: '13900000101', roleId: role, deptId: college,
  }, DEMO_TENANT);
  await seedDictionaries(w, 'blade_dict_biz', BUSINESS_DICTIONARIES, DEMO_TENANT);
  await seedAcademicUnits(w);
  await seedPeople(w);
  await seedBinjiangAlumni(w);
  await keys.fill(db);
  // The registrations are checked by ID number as the server checks them: against the sealed values' hashes.
  await sealStoredFields(db, sealing, { within: true });
  await seedRegistrations(w, keys, sealing);
  await seedBinjiangRegistration(w, keys, sealing);
  await seedRelations(w);
  await seedActivities(w, sealing);
  await seedGiving(w);
  await seedAlbums(w, dataDir);
  await seedMessaging(w);
  await seedSmsPushes(w, sealing);
  await seedNoticePushes(w, sealing);
  await seedSurveys(w);
  await seedLeaves(db, DEMO_TENANT);
  await seedReports(w, PLATFORM_TENANT);
}
