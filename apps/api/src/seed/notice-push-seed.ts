import { FOLLOW_UP_SURVEY_ID } from './survey-seed.js';
import { PUSH_CHANNEL, PUSH_STATUS, SEND_TYPE, TARGET_STATUS } from '@alumni/domain';
import { formatDateTime } from '../core/time.js';
import type { FieldSealing } from '../db/field-sealing.js';
import { channelOutcome, type Recipient } from '../modules/messaging/audience.js';
import { seedId } from './menu-tree.js';
import { knownAlumni } from './regist-seed-people.js';
import { daysAgo } from './seed-calendar.js';
import type { SeedWriter } from './seed-writer.js';

const TENANT = '000000';
const NOTICES = 17;
const PUSHES = 19;
const RECORDS = 32;
const SMS_PUSHES = 22;
const ACTIVITIES = 9;
const OFFICE_USER = seedId(90, 2);
const DAY = 86_400_000;
const FOUNDED = 1952;

const daysAhead = (days: number, time: string) => `${formatDateTime(new Date(Date.now() + days * DAY)).slice(0, 10)} ${time}`;

interface NoticePlan { title: string; category: string; summary: string; publishStatus: number; daysAgo: number | null; isTop?: number; views: number }

/** The demo school's notices (DOMAIN 18.8): two news items, the anniversary announcement, a giving disclosure, a draft, a withdrawn one. */
function noticePlans(year: number): NoticePlan[] {
  return [
    { title: `${year}年校友返校日圆满举行`, category: '1', summary: '近千名校友重返校园，共叙师生情谊。', publishStatus: 1, daysAgo: 58, views: 862 },
    { title: '计算机学院校友讲坛即将开讲', category: '1', summary: '大模型与软件工程专题讲座，欢迎校友报名参加。', publishStatus: 1, daysAgo: 6, views: 214 },
    { title: `关于举办建校${year - FOUNDED}周年校庆大会的公告`, category: '2', summary: '诚邀海内外校友回母校共庆华诞。', publishStatus: 1, daysAgo: 12, isTop: 1, views: 1530 },
    { title: `${year - 1}年度校友捐赠公示`, category: '3', summary: '感谢各位校友的慷慨支持，现将年度捐赠情况公示如下。', publishStatus: 1, daysAgo: 30, views: 421 },
    { title: '校友卡办理指南（草稿）', category: '6', summary: '校友卡的申领条件、办理流程与使用范围。', publishStatus: 0, daysAgo: null, views: 0 },
    { title: '上海校友会换届通知', category: '4', summary: '上海校友会第三届理事会换届选举安排。', publishStatus: 2, daysAgo: 40, views: 96 },
  ];
}

/** A seed record of a push: one alumnus on one channel. */
interface RecordRow { alumniId: string; alumniName: string; channel: string; address: string | null; status: number; failReason: string | null; readTime: string | null }

/**
 * The demo school's notices and notice pushes (DOMAIN 18.8). The anniversary announcement went to
 * every alumnus by in-app message and e-mail: its records follow each alumnus's consent, address and
 * state exactly as sending would (`channelOutcome`), three e-mails bounced and 140 messages were
 * read; its counts are those of its records. The reminder of activity 0007 went by SMS through SMS
 * push 0002, whose recipients carry its counts. The survey invitation waits for D + 2; its start job
 * is queued at the first start after seeding (`NoticePushSending.queueWaiting`).
 */
export async function seedNoticePushes(w: SeedWriter, sealing: FieldSealing): Promise<void> {
  const db = w.db;
  const year = new Date().getFullYear();
  const office = await db.selectFrom('blade_user').select('dept_id').where('id', '=', OFFICE_USER).executeTakeFirst();
  const unit = office?.dept_id === null || office?.dept_id === undefined ? null : String(office.dept_id).split(',')[0] ?? null;
  const owned = { orgDeptId: unit, createUser: OFFICE_USER, updateUser: OFFICE_USER, createDept: unit };

  const notices = noticePlans(year);
  for (const [i, n] of notices.entries()) {
    const at = n.daysAgo === null ? daysAgo(2, '15:00:00') : daysAgo(n.daysAgo, '09:30:00');
    await w.insert('alumni_notice', {
      id: seedId(NOTICES, i + 1), title: n.title, category: n.category, coverImage: null, summary: n.summary,
      content: `<p>${n.summary}</p><p>示范大学校友工作办公室</p>`, author: '王晓梅', sourceName: '校友工作办公室', associationId: null, attachments: null,
      publishStatus: n.publishStatus, publishTime: n.publishStatus === 0 ? null : at, isTop: n.isTop ?? 0, viewCount: n.views,
      ...owned, createTime: at, updateTime: at,
    }, TENANT);
  }

  const template = async (code: string) => await db.selectFrom('alumni_notice_template').select(['id', 'title', 'content'])
    .where('tenant_id', '=', TENANT).where('template_code', '=', code).executeTakeFirstOrThrow();

  // 0001: the anniversary announcement to all alumni, in-app and e-mail.
  const anniversary = notices[2] as NoticePlan;
  const sent = daysAgo(10, '10:00:00');
  const states = new Map((await db.selectFrom('alumni_basic_info').select(['id', 'status', 'is_deceased', 'area_code', 'allow_wechat'])
    .where('tenant_id', '=', TENANT).where('is_deleted', '=', 0).execute()).map((r) => [String(r.id), r]));
  const rows: RecordRow[] = [];
  let bounced = 0;
  let read = 0;
  for (const a of await knownAlumni(db, sealing)) {
    const state = states.get(a.id);
    if (!state) continue;
    const recipient: Recipient = {
      id: a.id, alumniCode: null, name: a.name, areaCode: String(state.area_code ?? '+86'), phone: a.phone, email: a.email,
      allowSms: a.allowSms === 1, allowEmail: a.allowEmail === 1, allowWechat: Number(state.allow_wechat) === 1, status: Number(state.status), isDeceased: Number(state.is_deceased) === 1,
    };
    for (const channel of [PUSH_CHANNEL.inApp, PUSH_CHANNEL.email]) {
      const outcome = channelOutcome(recipient, channel);
      if (!('address' in outcome)) {
        rows.push({ alumniId: a.id, alumniName: a.name, channel, address: null, status: TARGET_STATUS.skipped, failReason: outcome.reason.zh, readTime: null });
        continue;
      }
      const bounce = channel === PUSH_CHANNEL.email && bounced < 3;
      if (bounce) bounced += 1;
      const opened = !bounce && read < 140 && rows.length % 3 === 0;
      if (opened) read += 1;
      rows.push({
        alumniId: a.id, alumniName: a.name, channel, address: channel === PUSH_CHANNEL.email ? outcome.address : null,
        status: bounce ? TARGET_STATUS.failed : TARGET_STATUS.delivered, failReason: bounce ? '550 收件人地址不存在' : null,
        readTime: opened ? daysAgo(9, '20:15:00') : null,
      });
    }
  }
  const count = (status: number) => rows.filter((r) => r.status === status).length;
  const failed = count(TARGET_STATUS.failed);
  const delivered = count(TARGET_STATUS.delivered);
  await w.insert('alumni_notice_push', {
    id: seedId(PUSHES, 1), title: anniversary.title, noticeId: seedId(NOTICES, 3), templateId: null, channels: '1,3', subject: anniversary.title,
    content: `${anniversary.title}，详情：\${noticeUrl}`, smsTemplateId: null, emailSettingId: null, targetScope: '1', targetValue: null,
    sendType: SEND_TYPE.now, planSendTime: null, sendTime: sent,
    pushStatus: failed === 0 ? PUSH_STATUS.done : delivered === 0 ? PUSH_STATUS.failed : PUSH_STATUS.partlyFailed,
    targetCount: rows.length, successCount: delivered, failCount: failed, skipCount: count(TARGET_STATUS.skipped), readCount: read,
    smsPushId: null, remark: null, recipientsResolved: 1, ...owned, createTime: daysAgo(11, '16:00:00'), updateTime: sent,
  }, TENANT);
  for (const [k, r] of rows.entries()) {
    await w.insert('alumni_notice_push_record', {
      id: seedId(RECORDS, k + 1), pushId: seedId(PUSHES, 1), ...r, sendTime: r.status === TARGET_STATUS.skipped ? null : sent, sendJob: null,
      ...owned, createTime: sent, updateTime: sent,
    }, TENANT);
  }

  // 0002: the reminder of activity 0007 by SMS, carried out as SMS push 0002.
  const smsPush = await db.selectFrom('alumni_sms_push').select(['id', 'push_status', 'send_time', 'target_count', 'success_count', 'fail_count', 'skip_count'])
    .where('id', '=', seedId(SMS_PUSHES, 2)).executeTakeFirst();
  const reminder = await template('EVENT_REMINDER_SMS');
  await w.insert('alumni_notice_push', {
    id: seedId(PUSHES, 2), title: '十周年返校提醒', noticeId: null, templateId: String(reminder.id), channels: '2', subject: null,
    content: String(reminder.content), smsTemplateId: String(reminder.id), emailSettingId: null, targetScope: '6',
    targetValue: JSON.stringify({ activityId: seedId(ACTIVITIES, 7) }), sendType: SEND_TYPE.now, planSendTime: null,
    sendTime: smsPush ? smsPush.send_time : daysAgo(5, '10:00:00'), pushStatus: smsPush ? Number(smsPush.push_status) : PUSH_STATUS.partlyFailed,
    targetCount: Number(smsPush?.target_count ?? 0), successCount: Number(smsPush?.success_count ?? 0), failCount: Number(smsPush?.fail_count ?? 0),
    skipCount: Number(smsPush?.skip_count ?? 0), readCount: 0, smsPushId: smsPush ? String(smsPush.id) : null, remark: null, recipientsResolved: 1,
    ...owned, createTime: daysAgo(6, '15:30:00'), updateTime: daysAgo(5, '10:00:00'),
  }, TENANT);
  if (smsPush) await db.updateTable('alumni_sms_push').set({ notice_push_id: seedId(PUSHES, 2) }).where('id', '=', String(smsPush.id)).execute();

  // 0003: the survey invitation by e-mail to the class that graduated last year, scheduled for D + 2.
  const survey = await template('SURVEY_INVITE_MAIL');
  await w.insert('alumni_notice_push', {
    id: seedId(PUSHES, 3), title: `${year - 1}届毕业生一年后跟踪调查邀请`, noticeId: null, templateId: String(survey.id), channels: '3',
    subject: String(survey.title ?? '问卷邀请'), content: String(survey.content), smsTemplateId: null, emailSettingId: null, targetScope: '3',
    targetValue: JSON.stringify({ enrollmentYearFrom: year - 5, enrollmentYearTo: year - 5 }), sendType: SEND_TYPE.scheduled,
    planSendTime: daysAhead(2, '10:00:00'), sendTime: null, pushStatus: PUSH_STATUS.queued,
    targetCount: 0, successCount: 0, failCount: 0, skipCount: 0, readCount: 0, smsPushId: null, surveyId: FOLLOW_UP_SURVEY_ID, remark: null, recipientsResolved: 0,
    ...owned, createTime: daysAgo(1, '11:00:00'), updateTime: daysAgo(1, '11:00:00'),
  }, TENANT);
}
