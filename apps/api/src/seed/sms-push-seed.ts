import { PUSH_STATUS, TARGET_SOURCE, TARGET_STATUS, smsParts, smsPushTargetEntity, smsText } from '@alumni/domain';
import { formatDateTime } from '../core/time.js';
import type { FieldSealing } from '../db/field-sealing.js';
import { mainlandMobile } from '../modules/messaging/audience.js';
import { insertTargets } from '../modules/messaging/sms-push-targets.js';
import { seedId } from './menu-tree.js';
import { knownAlumni } from './regist-seed-people.js';
import type { SeedWriter } from './seed-writer.js';

const TENANT = '000000';
const SMS_PUSHES = 22;
const OFFICE_USER = seedId(90, 2);
const DAY = 86_400_000;
const daysAgo = (days: number, time: string) => `${formatDateTime(new Date(Date.now() - days * DAY)).slice(0, 10)} ${time}`;

/** The failures of 十周年返校提醒, as the provider answered them. */
const FAILURES: [string, string][] = [
  ['isv.MOBILE_NUMBER_ILLEGAL', '号码格式错误'], ['isv.BUSINESS_LIMIT_CONTROL', '触发发送频率限制'], ['UNDELIV', '用户关机或停机'],
];

interface PushPlan {
  title: string;
  template: string;
  params: Record<string, string>;
  targets: number;
  failed: number;
  sentDaysAgo: number | null;
}

const PLANS: PushPlan[] = [
  { title: '北京校友会新春联谊会邀请', template: 'GENERAL_NOTICE_SMS', params: { noticeTitle: '北京校友会新春联谊会诚邀您参加', noticeUrl: 'https://alumni.example.edu/n/2001' }, targets: 35, failed: 0, sentDaysAgo: 20 },
  { title: '十周年返校提醒', template: 'EVENT_REMINDER_SMS', params: { activityTitle: '毕业十周年返校日', startTime: '周六 09:00', location: '大礼堂' }, targets: 30, failed: 3, sentDaysAgo: 5 },
  { title: '羽毛球邀请赛通知', template: 'GENERAL_NOTICE_SMS', params: { noticeTitle: '校友羽毛球邀请赛报名开始', noticeUrl: 'https://alumni.example.edu/n/2003' }, targets: 20, failed: 0, sentDaysAgo: null },
];

/**
 * The demo school's SMS pushes (DOMAIN 18.8) through `demo-sms`: 北京校友会新春联谊会邀请 (35 recipients, all
 * delivered), 十周年返校提醒 (30: 27 delivered, 3 failed, ready for 失败重发) and 羽毛球邀请赛通知 (a draft with
 * 20 recipients added from the library). Recipients are alumni with SMS consent and a mainland mobile.
 */
export async function seedSmsPushes(w: SeedWriter, sealing: FieldSealing): Promise<void> {
  const db = w.db;
  const alumni = (await knownAlumni(db, sealing)).filter((a) => a.allowSms === 1 && mainlandMobile('+86', a.phone));
  const office = await db.selectFrom('blade_user').select('dept_id').where('id', '=', OFFICE_USER).executeTakeFirst();
  const unit = office?.dept_id === null || office?.dept_id === undefined ? null : String(office.dept_id);
  let offset = 0;
  for (const [i, plan] of PLANS.entries()) {
    const template = await db.selectFrom('alumni_notice_template').select(['id', 'provider_template_id', 'content'])
      .where('tenant_id', '=', TENANT).where('template_code', '=', plan.template).executeTakeFirstOrThrow();
    const content = String(template.content);
    const sent = plan.sentDaysAgo === null ? null : daysAgo(plan.sentDaysAgo, '10:00:00');
    const created = plan.sentDaysAgo === null ? daysAgo(1, '16:20:00') : daysAgo(plan.sentDaysAgo + 1, '15:30:00');
    const people = alumni.slice(offset, offset + plan.targets);
    offset += plan.targets;
    const delivered = sent ? people.length - plan.failed : 0;
    const segments = sent ? people.slice(0, delivered).reduce((sum, p) => sum + smsParts([...smsText('示范大学', content, { ...plan.params, name: p.name })].length), 0) : 0;
    const pushId = await w.insert('alumni_sms_push', {
      id: seedId(SMS_PUSHES, i + 1), title: plan.title, smsCode: 'demo-sms', templateId: String(template.id), providerTemplateId: String(template.provider_template_id),
      signName: '示范大学', content, templateParams: JSON.stringify(plan.params), noticePushId: null, sendType: '1', planSendTime: null, sendTime: sent,
      pushStatus: !sent ? PUSH_STATUS.draft : plan.failed > 0 ? PUSH_STATUS.partlyFailed : PUSH_STATUS.done,
      targetCount: people.length, successCount: delivered, failCount: sent ? plan.failed : 0, skipCount: 0, segmentCount: segments,
      orgDeptId: unit, remark: null, createUser: OFFICE_USER, createTime: created, updateUser: OFFICE_USER, updateTime: sent ?? created,
    }, TENANT);
    await insertTargets(db, sealing, { pushId, tenantId: TENANT, orgDeptId: unit, userId: OFFICE_USER, deptId: unit }, TARGET_SOURCE.library,
      people.map((p) => ({ alumniId: p.id, name: p.name, phone: mainlandMobile('+86', p.phone) as string, params: { name: p.name } })));
    if (!sent) continue;
    const targets = await db.selectFrom(smsPushTargetEntity.table).select('id').where('sms_push_id', '=', pushId).orderBy('id').execute();
    for (const [k, target] of targets.entries()) {
      const failure = k >= delivered ? FAILURES[(k - delivered) % FAILURES.length] : undefined;
      await db.updateTable(smsPushTargetEntity.table).set(failure
        ? { push_status: TARGET_STATUS.failed, fail_code: failure[0], fail_reason: failure[1], send_time: sent, update_time: sent }
        : { push_status: TARGET_STATUS.delivered, biz_id: `DEMO${pushId.slice(-4)}${String(k).padStart(4, '0')}`, send_time: sent, update_time: sent })
        .where('id', '=', String(target.id)).execute();
    }
  }
}
