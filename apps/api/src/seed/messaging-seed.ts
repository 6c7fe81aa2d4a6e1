import { REGIST_AGREEMENT } from '@alumni/domain';
import { markCurrentVersions } from '../modules/messaging/text-hooks.js';
import { seedId } from './menu-tree.js';
import { daysAgo, shiftHours } from './seed-calendar.js';
import type { SeedWriter } from './seed-writer.js';

const TEMPLATES = 18;
const TEXTS = 20;
const MESSAGES = 21;
const ALUMNI = 3;
const OFFICE_USER = seedId(90, 2);

const v = (name: string, label: string, sample: string) => ({ name, label, sample });
const NAME = v('name', '姓名', '张伟');

/** The demo school's notice templates (DOMAIN 18.8): scenes 1–8; SMS ones mirror provider templates `SMS_90000000n`. */
const TEMPLATE_ROWS: { code: string; name: string; channel: string; scene: string; title?: string; content: string; variables: ReturnType<typeof v>[] }[] = [
  {
    code: 'REGIST_APPROVED_SMS', name: '登记审核通过短信', channel: '2', scene: '1',
    content: '${name}校友您好，您的校友信息登记已审核通过，校友编号${alumniCode}。欢迎常回母校看看！',
    variables: [NAME, v('alumniCode', '校友编号', 'XY2024000123')],
  },
  {
    code: 'REGIST_REJECTED_SMS', name: '登记审核驳回短信', channel: '2', scene: '2',
    content: '${name}校友您好，您的校友信息登记（${registNo}）未通过审核：${opinion}。如有疑问请联系校友办。',
    variables: [NAME, v('registNo', '登记编号', 'DJ202405000012'), v('opinion', '审核意见', '学籍信息与名册不符')],
  },
  {
    code: 'APPLY_CONFIRMED_SMS', name: '报名确认短信', channel: '2', scene: '3',
    content: '${name}校友您好，您已成功报名“${activityTitle}”，时间${startTime}，地点${location}，签到码${checkInCode}。',
    variables: [NAME, v('activityTitle', '活动名称', '校友返校日'), v('startTime', '开始时间', '2024-10-12 09:00'), v('location', '地点', '学校大礼堂'), v('checkInCode', '签到码', '483920')],
  },
  {
    code: 'EVENT_REMINDER_SMS', name: '活动提醒短信', channel: '2', scene: '4',
    content: '${name}校友您好，您报名的“${activityTitle}”将于${startTime}在${location}举行，请准时参加。',
    variables: [NAME, v('activityTitle', '活动名称', '校友返校日'), v('startTime', '开始时间', '2024-10-12 09:00'), v('location', '地点', '学校大礼堂')],
  },
  {
    code: 'DONATION_THANKS_MAIL', name: '捐赠致谢邮件', channel: '3', scene: '5', title: '感谢您对${schoolName}的支持',
    content: '<p>尊敬的${name}校友：</p><p>您向“${projectName}”捐赠的 ${amount} 元已到账（捐赠编号 ${donationCode}）。感谢您对母校的支持！</p><p><a href="${unsubscribeUrl}">退订邮件</a></p>',
    variables: [NAME, v('schoolName', '学校名称', '示范大学'), v('projectName', '捐赠项目', '奖学金基金'), v('amount', '金额', '1000.00'), v('donationCode', '捐赠编号', 'JZ202405000001'), v('unsubscribeUrl', '退订链接', 'https://example.com/u')],
  },
  {
    code: 'BIRTHDAY_SMS', name: '生日祝福短信', channel: '2', scene: '6',
    content: '${name}校友，今天是您的生日，母校祝您生日快乐，工作顺利，阖家幸福！',
    variables: [NAME],
  },
  {
    code: 'SURVEY_INVITE_MAIL', name: '问卷邀请邮件', channel: '3', scene: '7', title: '邀请您参加“${surveyTitle}”',
    content: '<p>${name}校友您好：</p><p>诚邀您参加问卷“${surveyTitle}”，请点击 <a href="${surveyUrl}">此处</a> 作答。</p><p><a href="${unsubscribeUrl}">退订邮件</a></p>',
    variables: [NAME, v('surveyTitle', '问卷标题', '毕业生跟踪调查'), v('surveyUrl', '问卷链接', 'https://example.com/s/1'), v('unsubscribeUrl', '退订链接', 'https://example.com/u')],
  },
  {
    code: 'GENERAL_NOTICE_INAPP', name: '通用站内通知', channel: '1', scene: '8', title: '${noticeTitle}',
    content: '${name}校友您好，${noticeTitle}，详情：${noticeUrl}',
    variables: [NAME, v('noticeTitle', '通知标题', '校庆公告'), v('noticeUrl', '通知链接', 'https://example.com/n/1')],
  },
  {
    code: 'GENERAL_NOTICE_SMS', name: '通用通知短信', channel: '2', scene: '8',
    content: '${name}校友您好，${noticeTitle}，详情：${noticeUrl}。拒收请回复R',
    variables: [NAME, v('noticeTitle', '通知标题', '校庆公告'), v('noticeUrl', '通知链接', 'https://example.com/n/1')],
  },
  // The texts a seat taken sends by SMS with its ticket (decision 274): found by these codes.
  {
    code: 'ACTIVITY_TICKET_SMS', name: '活动门票短信', channel: '2', scene: '3',
    content: '${name}校友您好，您报名的“${activityTitle}”（${startTime}）已确认，入场出示电子门票：${ticketUrl}',
    variables: [NAME, v('activityTitle', '活动名称', '校友返校日'), v('startTime', '开始时间', '2024-10-12 09:00'), v('ticketUrl', '门票链接', 'https://example.com/portal/ticket/1')],
  },
  {
    code: 'WAITLIST_PROMOTED_SMS', name: '候补成功短信', channel: '2', scene: '3',
    content: '${name}校友您好，有名额空出，您候补的“${activityTitle}”（${startTime}）已转为确认，入场出示电子门票：${ticketUrl}',
    variables: [NAME, v('activityTitle', '活动名称', '校友返校日'), v('startTime', '开始时间', '2024-10-12 09:00'), v('ticketUrl', '门票链接', 'https://example.com/portal/ticket/1')],
  },
];

const ZH_AGREEMENT_V11 = `${REGIST_AGREEMENT.content.zh}我们会依据《个人信息保护法》保存您的信息，直至您要求删除或不再需要为止。`;

/** The demo school's texts (DOMAIN 18.8): the agreement v1.0 (accepted by registrations) and v1.1 (current), and four more. */
const TEXT_ROWS: { code: string; title: string; type: string; version: string; content: string; daysAgo: number }[] = [
  { code: REGIST_AGREEMENT.textCode, title: REGIST_AGREEMENT.title.zh, type: '1', version: REGIST_AGREEMENT.version, content: `<p>${REGIST_AGREEMENT.content.zh}</p>`, daysAgo: 720 },
  { code: REGIST_AGREEMENT.textCode, title: REGIST_AGREEMENT.title.zh, type: '1', version: '1.1', content: `<p>${ZH_AGREEMENT_V11}</p>`, daysAgo: 30 },
  { code: 'PRIVACY_POLICY', title: '隐私政策', type: '2', version: '1.0', content: '<p>我们仅为校友联络与服务收集和使用您的个人信息，采取加密存储等措施加以保护，不向第三方提供。</p>', daysAgo: 720 },
  { code: 'DONATION_GUIDE', title: '捐赠须知', type: '3', version: '1.0', content: '<p>捐赠可通过银行转账、在线支付或实物捐赠进行；到账后开具捐赠收据，款项按约定用途使用并定期公示。</p>', daysAgo: 400 },
  { code: 'ASSOCIATION_CHARTER', title: '校友总会章程', type: '4', version: '1.0', content: '<p>第一条 本会名称为示范大学校友总会。第二条 本会宗旨是联络校友情谊，服务校友发展，支持母校建设。</p>', daysAgo: 1000 },
  { code: 'ABOUT_US', title: '关于我们', type: '5', version: '1.0', content: '<p>示范大学校友工作办公室负责全校校友联络、校友会建设、校友活动与校友捐赠等工作。</p>', daysAgo: 500 },
];

/**
 * The demo school's message board (DOMAIN 18.8): 20 messages — 6 awaiting a reply, 12 answered (5 of
 * them public), 2 closed — over the last two months; every other one left by a known alumnus.
 */
const MESSAGE_ROWS: { type: string; title: string; content: string; answer?: string; isPublic?: 1; closed?: string; source: '1' | '2' | '3' }[] = [
  { type: '1', title: '如何补办毕业证明', content: '毕业证书遗失，想咨询补办毕业证明书需要哪些材料？', answer: '请携带身份证到教务处办理，或委托他人持委托书办理。', isPublic: 1, source: '1' },
  { type: '4', title: '寻找2005级计算机系同学', content: '想联系2005级计算机系2班的同学，筹备毕业二十周年聚会。', answer: '已将您的联系方式转给计算机学院校友联络人。', source: '1' },
  { type: '2', title: '建议开通校友卡线上申请', content: '希望校友卡可以在线申请并邮寄。', answer: '感谢建议，校友卡线上申请功能正在建设中。', isPublic: 1, source: '2' },
  { type: '5', title: '更正工作单位信息', content: '本人已调往远航电子股份有限公司，请更新校友库中的工作单位。', answer: '已为您更新工作单位。', source: '1' },
  { type: '1', title: '返校日是否可以带家属', content: '今年校友返校日可以带家属参加吗？', answer: '可以，每位校友最多携带两名家属，请在报名时填写。', isPublic: 1, source: '1' },
  { type: '6', title: '感谢母校的关怀', content: '感谢校友办春节期间的慰问，祝母校越来越好！', answer: '谢谢您的祝福，欢迎常回母校看看。', isPublic: 1, source: '2' },
  { type: '1', title: '捐赠票据如何开具', content: '上月通过银行转账捐赠，如何获取捐赠票据？', answer: '捐赠到账后系统会生成收据，可在捐赠管理中查看并打印。', source: '3' },
  { type: '3', title: '活动报名后未收到确认短信', content: '报名了校友羽毛球赛但没有收到确认短信。', answer: '经核查为号码填写有误，已为您更正并补发。', source: '1' },
  { type: '1', title: '校友会入会条件', content: '在外地工作，想加入当地校友会，需要什么条件？', answer: '凡在本校学习过的校友均可申请加入所在地校友会。', isPublic: 1, source: '1' },
  { type: '2', title: '希望增加线上讲座', content: '建议定期举办线上校友讲座，方便外地校友参加。', answer: '已转交活动组，下学期将试行线上讲座。', source: '2' },
  { type: '4', title: '寻找恩师联系方式', content: '想联系当年的班主任王老师，表达感谢。', answer: '已联系王老师本人，征得同意后将转告您。', source: '1' },
  { type: '5', title: '学籍信息有误', content: '校友库中我的入学年份登记为2008年，实际为2007年。', answer: '已核对学籍档案并更正。', source: '3' },
  { type: '1', title: '校史馆开放时间', content: '请问校史馆周末是否开放？', closed: '已电话答复，留言人要求关闭。', source: '1' },
  { type: '99', title: '重复提交的留言', content: '（与上一条留言内容重复）', closed: '重复留言', source: '1' },
  { type: '1', title: '校友邮箱还能使用吗', content: '毕业后学校邮箱还能继续使用吗？', source: '1' },
  { type: '4', title: '寻找1998级外语系同学', content: '寻找1998级外语系英语专业的同学，组织毕业聚会。', source: '2' },
  { type: '2', title: '建议公布捐赠使用情况', content: '希望定期公布校友捐赠资金的使用情况。', source: '1' },
  { type: '3', title: '校友卡无法进入图书馆', content: '持校友卡无法刷卡进入图书馆，请协助处理。', source: '3' },
  { type: '1', title: '毕业照可以补领吗', content: '当年没有领取毕业合影，现在还能补领吗？', source: '1' },
  { type: '5', title: '更新联系电话', content: '手机号已更换，请更新联系方式。', source: '1' },
];

const MESSENGERS = ['李明', '王芳', '张伟', '刘洋', '陈静', '杨帆', '赵磊', '黄丽', '周杰', '吴敏', '徐强', '孙悦', '马超', '朱琳', '胡斌', '郭婷', '何勇', '高燕', '林峰', '罗娜'];

/** The demo school's notice templates and texts. */
export async function seedMessaging(w: SeedWriter): Promise<void> {
  for (const [i, row] of TEMPLATE_ROWS.entries()) {
    await w.insert('alumni_notice_template', {
      id: seedId(TEMPLATES, i + 1), templateCode: row.code, templateName: row.name, channel: row.channel, scene: row.scene,
      title: row.title ?? null, content: row.content, variables: JSON.stringify(row.variables),
      providerTemplateId: row.channel === '2' ? `SMS_9000000${String(i + 1).padStart(2, '0')}` : null, smsSignName: null, status: 1,
    });
  }
  for (const [i, row] of TEXT_ROWS.entries()) {
    await w.insert('alumni_text', {
      id: seedId(TEXTS, i + 1), textCode: row.code, title: row.title, textType: row.type, version: row.version, content: row.content,
      effectiveDate: daysAgo(row.daysAgo, '00:00:00').slice(0, 10), isCurrent: 0, status: 1,
    });
  }
  await markCurrentVersions(w.db, '000000', TEXT_ROWS.map((r) => r.code));
  for (const [i, row] of MESSAGE_ROWS.entries()) {
    const alumnus = i % 2 === 0
      ? await w.db.selectFrom('alumni_basic_info').select(['id', 'name']).where('id', '=', seedId(ALUMNI, 7 * i + 3)).executeTakeFirst()
      : undefined;
    const at = daysAgo(60 - 3 * i, `${String(9 + (i % 9)).padStart(2, '0')}:1${i % 6}:00`);
    const answered = row.answer !== undefined;
    await w.insert('alumni_message', {
      id: seedId(MESSAGES, i + 1), title: row.title, messageType: row.type, name: alumnus ? String(alumnus.name) : (MESSENGERS[i] as string),
      areaCode: '+86', phone: alumnus ? null : `1390009${String(i + 1).padStart(4, '0')}`, email: alumnus ? null : `messenger${i + 1}@example.com`,
      alumniId: alumnus ? String(alumnus.id) : null, content: row.content, images: null, messageSource: row.source,
      isPublic: row.isPublic ?? 0, replyStatus: row.closed ? 2 : answered ? 1 : 0,
      answerContent: row.answer ?? null, answerUser: answered ? OFFICE_USER : null, answerTime: answered ? shiftHours(at, 20) : null,
      remark: row.closed ?? null, createTime: at, updateTime: answered ? shiftHours(at, 20) : at,
    });
  }
}
