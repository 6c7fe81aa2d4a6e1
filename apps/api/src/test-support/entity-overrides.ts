import { dictBizEntity, dictEntity, entityPath, permissionCodes, type EntityDef } from '@alumni/domain';
import { randomUUID } from 'node:crypto';
import { ids } from '../core/ids.js';
import { menuIdsByCode } from '../seed/platform-seed.js';
import { REGION_SEED } from '../seed/region-seed.js';
import { sqliteSource } from './develop-sources.js';
import { uniqueToken, type Sample } from './sample-values.js';
import type { TestApp } from './test-app.js';

/** What an entity's valid sample needs beyond what its field kinds give. Kept small on purpose. */
export interface EntityOverride {
  /** Creates what a row needs first (as the super administrator) and answers values to merge into every body. */
  prepare?(t: TestApp, adminToken: string, token: string): Promise<{ values: Sample; cleanup(): Promise<void> }>;
  /** Values for variant 1 (create) and 2 (update). */
  values?(variant: number): Sample;
  /** Values replacing references to tenant 000000's rows when tenant 100001 creates its own row. */
  foreign?: Sample;
  /** Creates, as tenant 100001's administrator, the rows that tenant's own row points to. */
  prepareForeign?(t: TestApp, foreignToken: string, token: string): Promise<{ values: Sample; cleanup(): Promise<void> }>;
  /**
   * Brings a row just created into a state where it may be removed (an application is removed
   * only once cancelled or rejected), as the super administrator.
   */
  settle?(t: TestApp, adminToken: string, id: string): Promise<void>;
  /** Fields whose stored value the server derives, so it is not the one sent. */
  derived?: readonly string[];
  /**
   * Searched fields a removable sample cannot fill (a donation code is given only to received gifts,
   * which cannot be removed): their filters are tested beside the entity instead.
   */
  unfilterable?: readonly string[];
}

/** A dictionary entry lives under a parent row and inherits its code. */
const dictionaryEntry = (entity: EntityDef): EntityOverride => ({
  async prepare(t, adminToken, token) {
    const res = await t.call('POST', `/api${entityPath(entity, 'submit')}`, adminToken, {
      code: `p${token}`, dictValue: `parent ${token}`, sort: 1, isSealed: 0,
    });
    const parent = res.json().data as { id: string };
    if (!parent?.id) throw new Error(`could not create a ${entity.name} parent: ${res.body}`);
    return {
      values: { parentId: parent.id },
      async cleanup() {
        await t.call('POST', `/api${entityPath(entity, 'remove')}?ids=${parent.id}`, adminToken);
      },
    };
  },
  derived: ['code'],
});

/** An alumnus (with one study record) for study-record samples to point to, removed afterwards. */
async function alumnusFor(t: TestApp, token: string, tag: string, study: Sample): Promise<{ values: Sample; cleanup(): Promise<void> }> {
  const res = await t.call('POST', '/api/blade-basicInfo/basicInfo/submit', token, {
    name: `校友${tag}`.slice(0, 30), gender: '1', idType: '2', status: 1, studentStatuses: [{ ...study, enrollmentYear: 1990 }],
  });
  const alumnus = res.json().data as { id: string } | null;
  if (!alumnus?.id) throw new Error(`could not create an alumnus: ${res.body}`);
  return {
    values: { alumniId: alumnus.id },
    async cleanup() {
      await t.call('POST', `/api/blade-basicInfo/basicInfo/remove?ids=${alumnus.id}`, token);
    },
  };
}

/** An activity far ahead with sign-up and companions, for applications and costs to point to; removed afterwards. */
const ACTIVITY_BODY = (departmentId: string, tag: string): Sample => ({
  title: `活动${tag}`.slice(0, 100), activityType: '3', departmentId, startTime: '2099-05-01 09:00:00', endTime: '2099-05-01 18:00:00',
  location: '图书馆报告厅', needSignup: 1, signupStartTime: '2099-04-01 00:00:00', signupEndTime: '2099-04-30 00:00:00', capacity: 0,
  needConfirm: 1, allowCompanion: 1, maxCompanions: 5, targetScope: '1', content: '<p>详情</p>', contactName: '王老师', contactPhone: '010-62780001',
});

async function activityFor(t: TestApp, token: string, tag: string, departmentId: string): Promise<{ values: Sample; cleanup(): Promise<void> }> {
  const res = await t.call('POST', '/api/blade-activity/activity/submit', token, ACTIVITY_BODY(departmentId, tag));
  const activity = res.json().data as { id: string } | null;
  if (!activity?.id) throw new Error(`could not create an activity: ${res.body}`);
  return {
    values: { activityId: activity.id },
    async cleanup() {
      await t.call('POST', `/api/blade-activity/activity/remove?ids=${activity.id}`, token);
    },
  };
}

/** A data source on a SQLite file of the test's, removed afterwards. */
async function datasourceFor(t: TestApp, token: string, tag: string): Promise<{ values: Sample; cleanup(): Promise<void> }> {
  const { driverClass, url } = sqliteSource('contract-models');
  const res = await t.call('POST', '/api/blade-develop/datasource/submit', token, { name: `数据源${tag}`, driverClass, url });
  const source = res.json().data as { id: string } | null;
  if (!source?.id) throw new Error(`could not create a data source: ${res.body}`);
  return {
    values: { datasourceId: source.id },
    async cleanup() {
      await t.call('POST', `/api/blade-develop/datasource/remove?ids=${source.id}`, token);
    },
  };
}

/** The data source the latest sample model was made on: an edit of that model keeps it. */
let latestDatasource: string | null = null;
/** The model the latest sample code setting was made for: an edit of that setting keeps it. */
let latestModel: string | null = null;

/** A model of a data source of its own, both removed afterwards. */
async function modelFor(t: TestApp, token: string, tag: string): Promise<{ values: Sample; cleanup(): Promise<void> }> {
  const source = await datasourceFor(t, token, tag);
  const res = await t.call('POST', '/api/blade-develop/model/submit', token, {
    datasourceId: source.values.datasourceId, modelName: `模型${tag}`, modelCode: `m${tag}`, modelTable: 'sample_item',
  });
  const model = res.json().data as { id: string } | null;
  if (!model?.id) throw new Error(`could not create a model: ${res.body}`);
  return {
    values: { modelId: model.id },
    async cleanup() {
      await t.call('POST', `/api/blade-develop/model/remove?ids=${model.id}`, token);
      await source.cleanup();
    },
  };
}

/** Seed rows of the demo organisation (seed/demo-seed.ts). */
const demoRow = (table: number, row: number) => `1900000000000${String(table).padStart(2, '0')}${String(row).padStart(4, '0')}`;
const root = (): Sample => ({ parentId: '0' });

/** Scopes belong to a menu (whose code the server stores as the resource code). */
const scopeRow = (values: (variant: number) => Sample): EntityOverride => ({
  values: (variant) => ({ menuId: menuIdsByCode().get(variant === 1 ? 'post' : 'param'), ...values(variant) }),
  derived: ['resourceCode', 'menuId'],
});

/**
 * Province codes `XX0000` whose two digits no shipped province uses: each sample region takes the
 * next one, so rows alive at the same time never share a code (removed rows may repeat one).
 */
const FREE_PROVINCE_DIGITS = Array.from({ length: 99 }, (_, i) => i + 1)
  .filter((n) => !REGION_SEED.some((r) => r.code.startsWith(String(n).padStart(2, '0'))));
let nextProvince = 0;
const sampleProvinceCode = () => `${String(FREE_PROVINCE_DIGITS[nextProvince++ % FREE_PROVINCE_DIGITS.length]).padStart(2, '0')}0000`;

const DEMO_TENANT_ID = '100001';
const objectKey = (tenantId: string) => `${tenantId}/20260101/${randomUUID()}.png`;

/** A department code: letters and digits, unique per sample. */
const departmentCode = () => `T${uniqueToken()}`.slice(0, 16);

/** An association of an industry (no parent, no region rules) for member samples, removed afterwards. */
async function associationFor(t: TestApp, token: string, tag: string, orgDeptId: string): Promise<string> {
  const res = await t.call('POST', '/api/blade-association/association/submit', token, {
    associationName: `校友会${tag}`.slice(0, 100), associationType: '5', country: '中国', associationState: '2', sort: 0, orgDeptId,
  });
  const association = res.json().data as { id: string } | null;
  if (!association?.id) throw new Error(`could not create an association: ${res.body}`);
  return association.id;
}

/** An alumnus and an association of one tenant, for a member sample. */
async function memberNeeds(t: TestApp, token: string, tag: string, own: { department: string; speciality: string; level: string; unit: string }) {
  const alumnus = await alumnusFor(t, token, tag, { departmentId: own.department, specialityId: own.speciality, educationLevel: own.level });
  const associationId = await associationFor(t, token, tag, own.unit);
  return {
    values: { ...alumnus.values, associationId },
    async cleanup() {
      await t.call('POST', `/api/blade-association/association/remove?ids=${associationId}`, token);
      await alumnus.cleanup();
    },
  };
}

const OWN_STUDY = { departmentId: demoRow(1, 1), specialityId: demoRow(2, 5), educationLevel: '2' };
const FOREIGN_STUDY = { departmentId: demoRow(1, 101), specialityId: demoRow(2, 102), educationLevel: '1' };
/** A date in the coming year: next-care and next-visit dates plan the future. */
const nextYear = (variant: number) => `${new Date().getFullYear() + 1}-0${variant}-15`;
/** An alumnus for samples that name one (honours, care entries), made for the row. */
const withAlumnus = (key = 'alumniId') => ({
  prepare: async (t: TestApp, adminToken: string, token: string) => {
    const made = await alumnusFor(t, adminToken, token, OWN_STUDY);
    return { values: { [key]: made.values.alumniId }, cleanup: made.cleanup };
  },
  prepareForeign: async (t: TestApp, foreignToken: string, token: string) => {
    const made = await alumnusFor(t, foreignToken, token, FOREIGN_STUDY);
    return { values: { [key]: made.values.alumniId }, cleanup: made.cleanup };
  },
});

/** An enabled development SMS configuration `demo-sms` in the foreign tenant (the demo tenant has its own), removed afterwards. */
async function foreignSmsConfig(t: TestApp): Promise<() => Promise<void>> {
  const db = t.app.services.database.db;
  const id = ids.next();
  const at = '2024-01-01 00:00:00';
  await db.insertInto('blade_sms').values({
    id, tenant_id: DEMO_TENANT, category: '1', sms_code: 'demo-sms', template_id: 'SMS_1', sign_name: '演示', enabled: 1,
    create_time: at, update_time: at, status: 1, is_deleted: 0,
  }).execute();
  return async () => { await db.deleteFrom('blade_sms').where('id', '=', id).execute(); };
}

const SMS_PUSH_VALUES = (variant: number): Sample => ({
  smsCode: 'demo-sms', sendType: '1', planSendTime: null, templateId: null, noticePushId: null, templateParams: null,
  content: `样例${variant} \${name}，拒收请回复R`, title: `短信推送样例${variant}`,
});

/** A draft SMS push for recipients to belong to, removed afterwards. */
async function smsPushFor(t: TestApp, token: string): Promise<{ values: Sample; cleanup(): Promise<void> }> {
  const res = await t.call('POST', '/api/smsPush/smsPush/submit', token, { ...SMS_PUSH_VALUES(1), providerTemplateId: 'SMS_1', signName: '示范大学' });
  const push = res.json().data as { id: string } | null;
  if (!push?.id) throw new Error(`could not create an SMS push: ${res.body}`);
  return {
    values: { smsPushId: push.id },
    async cleanup() {
      await t.call('POST', `/api/smsPush/smsPush/remove?ids=${push.id}`, token);
    },
  };
}

/** A draft SMS push of the foreign tenant, written directly (its administrator is given only the recipients' codes). */
async function foreignSmsPush(t: TestApp): Promise<{ values: Sample; cleanup(): Promise<void> }> {
  const db = t.app.services.database.db;
  const id = ids.next();
  const at = '2024-01-01 00:00:00';
  await db.insertInto('alumni_sms_push').values({
    id, tenant_id: DEMO_TENANT, title: '外租户推送', sms_code: 'demo-sms', provider_template_id: 'SMS_1', sign_name: '演示', content: '样例',
    send_type: '1', push_status: 0, target_count: 0, success_count: 0, fail_count: 0, skip_count: 0, segment_count: 0,
    create_time: at, update_time: at, status: 1, is_deleted: 0,
  }).execute();
  return { values: { smsPushId: id }, async cleanup() { await db.deleteFrom('alumni_sms_push').where('id', '=', id).execute(); } };
}

/** An enabled SMS template of the demo school, for the push's template filter. */
async function smsTemplateOf(t: TestApp, token: string): Promise<string> {
  const list = (await t.call('GET', '/api/blade-noticeTemplate/noticeTemplate/all?channel=2', token)).json().data as { id: string }[];
  if (!list[0]) throw new Error('no enabled SMS template');
  return list[0].id;
}

/** A draft survey written directly for a tenant (the foreign administrator holds only the entity's own codes). */
async function surveyRowFor(t: TestApp, tenantId: string, withSubject: boolean): Promise<{ values: Sample; cleanup(): Promise<void> }> {
  const db = t.app.services.database.db;
  const at = '2024-01-01 00:00:00';
  const surveyId = ids.next();
  await db.insertInto('alumni_questionnaire_survey').values({
    id: surveyId, tenant_id: tenantId, title: '样例问卷', survey_type: '1', start_time: '2099-01-01 00:00:00', end_time: '2099-02-01 00:00:00',
    is_anonymous: 0, allow_repeat: 0, target_scope: '1', survey_status: 0, subject_count: 0, answer_count: 0, create_time: at, update_time: at, status: 1, is_deleted: 0,
  }).execute();
  const subjectId = withSubject ? ids.next() : null;
  if (subjectId) {
    await db.insertInto('alumni_subject_regist').values({
      id: subjectId, tenant_id: tenantId, survey_id: surveyId, subject_no: 1, subject_title: '样例题目', question_type: '1', is_required: 1, option_count: 0,
      create_time: at, update_time: at, status: 1, is_deleted: 0,
    }).execute();
  }
  return {
    values: subjectId ? { subjectId } : { surveyId },
    async cleanup() {
      await db.deleteFrom('alumni_option_instruction').where('survey_id', '=', surveyId).execute();
      await db.deleteFrom('alumni_subject_regist').where('survey_id', '=', surveyId).execute();
      await db.deleteFrom('alumni_questionnaire_survey').where('id', '=', surveyId).execute();
    },
  };
}

export const ENTITY_OVERRIDES: Record<string, EntityOverride> = {
  // A draft survey of all alumni, open next century; its counts and unit are the server's.
  questionnaireSurvey: {
    values: (variant) => ({
      startTime: `2099-0${variant}-01 08:00:00`, endTime: `2099-0${variant}-20 18:00:00`, targetScope: '1', targetValue: null, coverImage: null,
    }),
    derived: ['orgDeptId', 'thankText'],
  },
  // A short-text question of a draft survey made for it (its number unique per survey, no condition).
  subjectRegist: {
    prepare: (t) => surveyRowFor(t, '000000', false),
    prepareForeign: (t) => surveyRowFor(t, DEMO_TENANT, false),
    values: (variant) => ({
      questionType: '3', subjectNo: variant, showIf: null, matrixColumns: null, minSelect: null, maxSelect: null, scoreMax: null,
      maxLength: 100 + variant, numberMin: null, numberMax: null, isRequired: 1,
    }),
    derived: ['orgDeptId'],
  },
  // An option of a single-choice question of a draft survey made for it.
  optionInstruction: {
    prepare: (t) => surveyRowFor(t, '000000', true),
    prepareForeign: (t) => surveyRowFor(t, DEMO_TENANT, true),
    values: (variant) => ({ optionLabel: variant === 1 ? 'A' : 'B', sort: variant }),
    derived: ['orgDeptId', 'surveyId'],
  },
  // A draft notice of the school itself, without files; the summary is made from the body.
  alumniNotice: {
    values: (variant) => ({ associationId: demoRow(7, 2), attachments: null, coverImage: null, publishStatus: 0, publishTime: `2021-0${variant}-15 10:20:3${variant}` }),
    foreign: { associationId: null },
    // The owning unit follows the association; the summary is made from the body.
    derived: ['summary', 'orgDeptId'],
  },
  // A draft push of its own text to all alumni in the app, sent at once when sent.
  noticePush: {
    // A push of its own text names neither a notice (which must be published) nor a template (which
    // must be enabled at every save): the two filters are not exercised by this sample.
    unfilterable: ['noticeId', 'templateId'],
    values: (variant) => ({
      noticeId: null, templateId: null, smsTemplateId: null, emailSettingId: null, channels: '1', subject: `主题${variant}`,
      content: `推送内容${variant}`, targetScope: '1', targetValue: null, sendType: '1', planSendTime: null, surveyId: null,
    }),
  },
  // A draft through the enabled development configuration (the foreign tenant is given one).
  smsPush: {
    values: SMS_PUSH_VALUES,
    async prepare(t, adminToken) {
      return { values: { templateId: await smsTemplateOf(t, adminToken) }, async cleanup() { /* the template is the demo school's */ } };
    },
    async prepareForeign(t) {
      const cleanup = await foreignSmsConfig(t);
      return { values: { templateId: null }, cleanup };
    },
  },
  // A recipient of a draft push with a mainland mobile of its own, added by hand.
  smsPushTarget: {
    values: (variant) => ({ phone: `1390008${String(variant).padStart(4, '0')}`, params: null, alumniId: null }),
    prepare: (t, adminToken) => smsPushFor(t, adminToken),
    prepareForeign: (t) => foreignSmsPush(t),
  },
  // A current department of a college of the demo school; its code has a format of its own.
  department: {
    values: (variant) => ({
      departmentCode: departmentCode(), foundYear: 1990 + variant, abolishYear: null, mergedIntoId: null,
      orgDeptId: demoRow(92, 4), contactPhone: `010-6278123${variant}`, englishName: `Sample ${variant}`,
    }),
    foreign: { orgDeptId: demoRow(92, 101) },
    // An examiner's rename keeps the old name among the former names.
    derived: ['formerNames'],
  },
  // A speciality of an approved department; its organisation unit is the department's.
  speciality: {
    values: (variant) => ({
      departmentId: demoRow(1, 1), specialityCode: `08090${variant}`, educationLevel: String(variant), duration: '4',
      foundYear: 1990 + variant, abolishYear: null,
    }),
    foreign: { departmentId: demoRow(1, 101) },
    derived: ['orgDeptId', 'formerNames'],
  },
  // A student of an approved department and one of its specialities; the unit is the department's.
  student: {
    values: (variant) => ({
      studentNo: `S${uniqueToken()}`.slice(0, 32), departmentId: demoRow(1, 1), specialityId: demoRow(2, variant), idType: '1',
      idCardNo: '11010519491231002X', enrollmentYear: 2018 + variant, graduationYear: 2022 + variant,
    }),
    foreign: { departmentId: demoRow(1, 101), specialityId: demoRow(2, 101) },
    // A resident ID gives the date of birth and the gender.
    derived: ['orgDeptId', 'studentNo', 'birthday', 'gender'],
  },
  // An alumnus is added with its first study record (of an approved 本科 speciality of its department).
  basicInfo: {
    values: (variant) => ({
      // A passport: unique per run without a resident ID's checksum.
      idType: '2', idCardNo: `P${uniqueToken()}`.slice(0, 30),
      // A living alumnus: marking one deceased withdraws consent and the directory listing (its own test: consent-log.test.ts).
      isDeceased: 0,
      studentStatuses: [{ departmentId: demoRow(1, 1), specialityId: demoRow(2, variant), educationLevel: '2', enrollmentYear: 2000 + variant }],
    }),
    foreign: { studentStatuses: [{ departmentId: demoRow(1, 101), specialityId: demoRow(2, 101), educationLevel: '1', enrollmentYear: 2001 }] },
    // The study records are written as records of their own.
    derived: ['studentStatuses'],
  },
  // A registration of an approved 本科 speciality of its department, by a mainland mobile in Beijing.
  registInfo: {
    values: (variant) => ({
      idType: '2', idCardNo: `P${uniqueToken()}`.slice(0, 30), departmentId: demoRow(1, 1), specialityId: demoRow(2, variant),
      educationLevel: '2', enrollmentYear: 2000 + variant, graduationYear: 2004 + variant, areaCode: '+86', phone: `1391234567${variant}`,
      country: '中国', provinceCode: '110000', birthday: '1980-05-0' + variant,
    }),
    foreign: { departmentId: demoRow(1, 101), specialityId: demoRow(2, 101), educationLevel: '1' },
    derived: ['orgDeptId'],
  },
  // An activity far ahead, in person, with sign-up, organised by a college (whose unit owns it).
  activity: {
    values: (variant) => ({
      departmentId: demoRow(1, 1), startTime: `2099-05-0${variant} 09:00:00`, endTime: `2099-05-0${variant} 18:00:00`,
      needSignup: 1, signupStartTime: '2099-04-01 00:00:00', signupEndTime: '2099-04-30 00:00:00', isOnline: 0, onlineUrl: 'https://example.com/live',
      allowCompanion: 1, maxCompanions: 2 + variant, hasLottery: 0, prizes: null, targetScope: '1', targetValue: null, provinceCode: '110000', cityCode: '110100', associationId: demoRow(7, 2),
    }),
    foreign: { departmentId: demoRow(1, 101), associationId: null },
    derived: ['orgDeptId'],
  },
  // An application by a mainland mobile for an activity made for it; cancelled before it is removed.
  actApplist: {
    prepare: (t, adminToken, token) => activityFor(t, adminToken, token, demoRow(1, 1)),
    prepareForeign: (t, foreignToken, token) => activityFor(t, foreignToken, token, demoRow(1, 101)),
    // A living, enabled demo alumnus (not 101 or 202, who are frozen).
    values: (variant) => ({ areaCode: '+86', phone: `1390000800${variant}`, idType: '2', alumniId: demoRow(3, 4 + variant), departmentId: demoRow(1, 1) }),
    foreign: { departmentId: demoRow(1, 101), alumniId: null },
    // Confirmed (which gives it a check-in code), then cancelled.
    async settle(t, adminToken, id) {
      for (const applyStatus of [1, 3]) {
        const res = await t.call('POST', '/api/blade-actApplist/actApplist/submit', adminToken, { id, applyStatus });
        if (res.statusCode !== 200) throw new Error(`could not move the application to ${applyStatus}: ${res.body}`);
      }
    },
    // ID numbers are stored upper-case.
    derived: ['orgDeptId', 'idCardNo'],
  },
  // A cost of an activity made for it.
  activityCost: {
    prepare: (t, adminToken, token) => activityFor(t, adminToken, token, demoRow(1, 1)),
    prepareForeign: (t, foreignToken, token) => activityFor(t, foreignToken, token, demoRow(1, 101)),
    values: () => ({ invoiceFiles: null }),
    derived: ['orgDeptId'],
  },
  // A study record of an alumnus made for it, at another speciality of the department.
  studentStatus: {
    prepare: (t, adminToken, token) => alumnusFor(t, adminToken, token, { departmentId: demoRow(1, 1), specialityId: demoRow(2, 5), educationLevel: '2' }),
    prepareForeign: (t, foreignToken, token) => alumnusFor(t, foreignToken, token, { departmentId: demoRow(1, 101), specialityId: demoRow(2, 102), educationLevel: '1' }),
    values: (variant) => ({ departmentId: demoRow(1, 1), specialityId: demoRow(2, variant), educationLevel: '2', enrollmentYear: 2000 + variant, graduationYear: 2004 + variant }),
    foreign: { departmentId: demoRow(1, 101), specialityId: demoRow(2, 101), educationLevel: '1' },
    derived: ['orgDeptId'],
  },
  // An industry association of the general association's unit (DOMAIN 5.1): no parent, region or college rules.
  association: {
    values: (variant) => ({
      // A branch of the seeded general association, of Computer Science, in Beijing.
      associationType: '5', parentId: demoRow(7, 1), departmentId: demoRow(1, 1), country: '中国', provinceCode: '110000', cityCode: '110100',
      foundDate: `2010-05-0${variant}`, isRegistered: 0, creditCode: null, charterFiles: null, associationState: '2',
      orgDeptId: demoRow(92, 11),
    }),
    foreign: { orgDeptId: demoRow(92, 101), parentId: null, departmentId: demoRow(1, 101) },
  },
  // A member of an association made for it, an alumnus made for it; the unit is the association's.
  associationMember: {
    prepare: (t, adminToken, token) => memberNeeds(t, adminToken, token, { department: demoRow(1, 1), speciality: demoRow(2, 5), level: '2', unit: demoRow(92, 11) }),
    prepareForeign: (t, foreignToken, token) => memberNeeds(t, foreignToken, token, { department: demoRow(1, 101), speciality: demoRow(2, 102), level: '1', unit: demoRow(92, 101) }),
    values: () => ({ position: '10' }),
    derived: ['orgDeptId'],
  },
  // An honour of an alumnus made for it; the date, when given, falls in the award year.
  honor: {
    ...withAlumnus(),
    // An edit moves the honour to an alumnus of the demo school.
    values: (variant) => ({ awardDate: null, certificateImages: null, ...(variant === 2 ? { alumniId: demoRow(3, 2) } : {}) }),
    derived: ['orgDeptId'],
  },
  // A correction request of an alumnus made for it; rejected (its opinion kept) so that it may be removed.
  privacyRequest: {
    ...withAlumnus(),
    values: () => ({ kind: '1', detail: '请更正工作单位', state: null }),
    derived: ['state', 'requestTime', 'deadline', 'handleUser', 'handleTime'],
    async settle(t, adminToken, id) {
      const base = '/api/blade-privacyRequest/privacyRequest';
      const { opinion } = (await t.call('GET', `${base}/detail?id=${id}`, adminToken)).json().data as { opinion: string | null };
      const res = await t.call('POST', `${base}/submit`, adminToken, { id, state: 3, opinion: opinion || '测试驳回' });
      if (res.statusCode !== 200) throw new Error(`could not reject the request: ${res.body}`);
    },
  },
  // An open care entry (待关怀) of an alumnus made for it, followed by the administrator.
  careList: {
    ...withAlumnus(),
    values: (variant) => ({
      // The care activity of the demo school (an id the entry only names).
      careStatus: '0', amount: `12${variant}.50`, photos: null, activityId: demoRow(9, 9), nextCareDate: nextYear(variant), responsibleUserId: '1123598821738675201',
    }),
    foreign: { responsibleUserId: demoRow(90, 101) },
    derived: ['orgDeptId'],
  },
  // A draft visit of Computer Science to an alumnus made for it, in Beijing.
  visitRecord: {
    ...withAlumnus('visitedAlumniIds'),
    values: () => ({
      departmentId: demoRow(1, 1), country: '中国', provinceCode: '110000', cityCode: null, photos: null, attachments: null,
      careListId: null, associationId: demoRow(7, 2), nextVisitDate: nextYear(1), visitedAlumniIds: null,
    }),
    foreign: { departmentId: demoRow(1, 101), associationId: null },
    derived: ['orgDeptId'],
  },
  // A request by passport for a Computer Science graduate, collected in person.
  docQuery: {
    values: (variant) => ({
      // ID numbers are stored upper-case.
      idType: '2', idCardNo: `P${uniqueToken()}`.slice(0, 30).toUpperCase(), alumniId: null, departmentId: demoRow(1, 1), specialityId: demoRow(2, variant),
      educationLevel: '2', enrollmentYear: 2000 + variant, graduationYear: 2004 + variant, areaCode: '+86', phone: `1391234567${variant}`,
      deliveryMethod: '1', resultFiles: null,
    }),
    foreign: { departmentId: demoRow(1, 101), specialityId: demoRow(2, 101) },
    derived: ['orgDeptId'],
  },
  dept: { values: root },
  // A new province: code, parent and level are fixed once created.
  region: { values: (variant) => (variant === 1 ? { code: sampleProvinceCode(), parentCode: '00', regionLevel: '1' } : {}) },
  role: { values: root },
  menu: { values: root },
  // A pledge from an alumni company to a college (CNY: the CNY amount follows the amount); removable.
  donation: {
    values: (variant) => ({
      donorType: '2', departmentId: demoRow(1, 1), currency: 'CNY',
      donationMethod: '1', purpose: String(variant), paymentStatus: 1, receiptStatus: 0, receiptDate: null,
      areaCode: '+86', phone: `1390000${String(variant).padStart(4, '0')}`, amount: `${100 * variant}.50`,
      // The alumnus behind the company; an association and activity are plain ids until their modules exist.
      alumniId: demoRow(3, variant), associationId: demoRow(7, variant), activityId: demoRow(9, variant),
      arrivalDate: `2021-0${variant}-20`, receiptNo: `R${uniqueToken()}`.slice(0, 32),
      // A fund split and an instalment plan add up to the gift (decisions 317, 319): one part of the whole amount.
      fundSplits: JSON.stringify([{ purpose: String(variant), fundName: `基金${variant}`, amount: `${100 * variant}.50` }]),
      instalments: JSON.stringify([{ dueDate: `2021-0${variant}-25`, amount: `${100 * variant}.50`, note: `第${variant}期` }]),
    }),
    foreign: { departmentId: demoRow(1, 101), alumniId: null },
    derived: ['orgDeptId', 'cnyAmount', 'donationCode'],
    unfilterable: ['donationCode'],
  },
  // An album of no activity or association yet; its count is the server's.
  photoAlbum: {
    values: (variant) => ({ activityId: demoRow(9, variant), associationId: demoRow(7, variant) }),
    derived: ['orgDeptId', 'photoCount'],
  },
  user: {
    // office's own role, so office (who may give only roles it holds or below) can add the sample too
    values: (variant) => ({ roleId: demoRow(91, variant + 1), deptId: demoRow(92, variant + 1), postId: demoRow(93, variant + 1) }),
    foreign: { roleId: demoRow(91, 101), deptId: demoRow(92, 101), postId: null },
  },
  // Secrets come back masked; addresses and endpoints must be well formed; the default e-mail setting cannot be removed.
  oss: { values: (variant) => ({ endpoint: `http://127.0.0.1:900${variant}` }), derived: ['secretKey'] },
  // A model of a data source of its own (an edit keeps it); a field of a model of its own.
  model: {
    prepare: async (t, adminToken, token) => {
      const source = await datasourceFor(t, adminToken, token);
      latestDatasource = String(source.values.datasourceId);
      return source;
    },
    values: (variant) => (variant === 2 && latestDatasource ? { datasourceId: latestDatasource } : {}),
  },
  'model-prototype': { prepare: (t, adminToken, token) => modelFor(t, adminToken, token) },
  // A code setting of a model of its own (an edit keeps it), with paths of the shape the files need.
  code: {
    prepare: async (t, adminToken, token) => {
      const model = await modelFor(t, adminToken, token);
      latestModel = String(model.values.modelId);
      return model;
    },
    values: (variant) => ({
      apiPath: `/blade-sample/s${variant}`, webPath: `/tool/s${variant}`,
      ...(variant === 2 && latestModel ? { modelId: latestModel } : {}),
    }),
  },
  // A data source is saved only when it connects: a SQLite file of the test's (another one to edit to).
  datasource: {
    values: (variant) => {
      const { driverClass, url } = sqliteSource(`contract-${variant}`);
      return { driverClass, url };
    },
    derived: ['password'],
  },
  sms: { values: (variant) => ({ endpoint: `http://127.0.0.1:900${variant}` }), derived: ['secretKey'] },
  'email-setting': {
    values: (variant) => ({ smtpHost: `smtp${variant}.example.com`, username: `user${variant}`, senderAddress: `from${variant}@example.com`, replyTo: `reply${variant}@example.com`, isDefault: 0 }),
    derived: ['password'],
  },
  // An attachment names an object key of its own tenant.
  attach: { values: () => ({ name: objectKey('000000') }), foreign: { name: objectKey(DEMO_TENANT_ID) } },
  [dictEntity.name]: dictionaryEntry(dictEntity),
  [dictBizEntity.name]: dictionaryEntry(dictBizEntity),
  'data-scope': scopeRow((variant) => ({ scopeColumn: variant === 1 ? 'create_user' : 'create_dept' })),
  'api-scope': scopeRow((variant) => ({ scopePath: `/blade-system/post/${variant}/**` })),
  // A general-notice template (many may be enabled), SMS with its provider id and opt-out wording; codes in capitals.
  noticeTemplate: {
    values: (variant) => ({
      ...(variant === 1 ? { templateCode: `T${uniqueToken().toUpperCase()}` } : {}), channel: '2', scene: '8', title: `Sample ${variant}`,
      content: `样例${variant} \${name}，拒收请回复R`, variables: JSON.stringify([{ name: 'name', label: '姓名' }]), providerTemplateId: `SMS_${variant}`,
    }),
  },
  // A version of a code of its own, in effect from a fixed past date; which row is current the server decides.
  text: {
    values: (variant) => (variant === 1 ? { textCode: `T${uniqueToken().toUpperCase()}`, version: '1.0' } : {}),
    derived: ['isCurrent'],
  },
  // A message with a mainland mobile (matched to no alumnus) and no images.
  message: { values: (variant) => ({ areaCode: '+86', phone: `1390007${String(variant).padStart(4, '0')}`, images: null, alumniId: null }) },
  // A grouped report of donations, written as the server stores a definition (normalised JSON), so it reads back as sent.
  report: {
    values: (variant) => ({
      content: JSON.stringify({
        version: 1, source: 'donation', filters: {}, groupBy: [{ field: 'purpose' }], measures: [{ fn: 'count' }], chart: variant === 1 ? 'column' : 'pie', columns: [],
      }),
    }),
  },
  // One policy per target and tenant, and tenant 000000 holds the seeded default of every target:
  // the sample's target has the default set aside while the contract runs.
  retentionPolicy: {
    async prepare(t) {
      const { db } = t.app.services.database;
      const table = 'blade_retention_policy';
      const mine = (flag: number) => db.selectFrom(table).select('id').where('tenant_id', '=', '000000').where('target', '=', 'notice_push_record').where('is_deleted', '=', flag);
      // Only the first of nested prepares sets it aside (later ones would hide the contract's own rows) and puts it back.
      const hid = (await mine(2).execute()).length === 0;
      const seeded = hid ? (await mine(0).execute()).map((r) => String(r.id)) : [];
      if (seeded.length > 0) await db.updateTable(table).set({ is_deleted: 2 }).where('id', 'in', seeded).execute();
      return { values: {}, async cleanup() { if (seeded.length > 0) await db.updateTable(table).set({ is_deleted: 0 }).where('id', 'in', seeded).execute(); } };
    },
    values: (variant) => ({ target: 'notice_push_record', periodDays: variant === 1 ? 400 : 500, action: variant === 1 ? '1' : '2' }),
  },
  'tenant-package': {
    values(variant) {
      const ids = menuIdsByCode();
      const codes = variant === 1 ? ['system', 'dictbiz', 'dictbiz_view'] : ['system', 'param', 'param_view'];
      return { menuId: codes.map((c) => ids.get(c)).join(',') };
    },
  },
};

export const overrideOf = (entity: EntityDef): EntityOverride => ENTITY_OVERRIDES[entity.name] ?? {};

export const DEMO_TENANT = '100001';
const DEMO_TENANT_ROLE = '1900000000000910101';

/**
 * Grants tenant 100001's administrator the menu and buttons of an entity (adding them to its package
 * too), so isolation is seen by a caller who holds the permission. Answers a function that undoes it.
 */
export async function grantToDemoTenantAdmin(t: TestApp, entity: EntityDef): Promise<() => Promise<void>> {
  const { db } = t.app.services.database;
  const codes = Object.values(permissionCodes(entity));
  const menus = await db.selectFrom('blade_menu').select('id').where('code', 'in', codes).where('is_deleted', '=', 0).execute();
  const menuIds = menus.map((m) => String(m.id));
  const tenant = await db.selectFrom('blade_tenant').select('package_id').where('tenant_id', '=', DEMO_TENANT).executeTakeFirstOrThrow();
  const pkg = await db.selectFrom('blade_tenant_package').select('menu_id').where('id', '=', String(tenant.package_id)).executeTakeFirstOrThrow();
  const originalMenus = String(pkg.menu_id);
  const held = new Set(originalMenus.split(','));
  await db.updateTable('blade_tenant_package').set({ menu_id: [...held, ...menuIds.filter((id) => !held.has(id))].join(',') })
    .where('id', '=', String(tenant.package_id)).execute();
  const granted = await db.selectFrom('blade_role_menu').select('menu_id').where('role_id', '=', DEMO_TENANT_ROLE).execute();
  const grantedIds = new Set(granted.map((g) => String(g.menu_id)));
  const added = menuIds.filter((id) => !grantedIds.has(id));
  for (const menuId of added) {
    await db.insertInto('blade_role_menu').values({ id: ids.next(), role_id: DEMO_TENANT_ROLE, menu_id: menuId }).execute();
  }
  t.app.services.access.invalidate();
  return async () => {
    if (added.length) await db.deleteFrom('blade_role_menu').where('role_id', '=', DEMO_TENANT_ROLE).where('menu_id', 'in', added).execute();
    await db.updateTable('blade_tenant_package').set({ menu_id: originalMenus }).where('id', '=', String(tenant.package_id)).execute();
    t.app.services.access.invalidate();
  };
}
