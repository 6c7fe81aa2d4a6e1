import { defineEntity } from '../../entity.js';
import { dict, flag, integer, text, textarea } from '../../fields.js';
import { t } from '../../text.js';

/** Keys of business dictionary `smtp_encryption`. */
export const SMTP_ENCRYPTION = { none: '0', tls: '1', starttls: '2' } as const;

export const EMAIL_SETTING_MSG = {
  defaultLocked: t('默认发件配置不能停用或删除', 'The default sender setting cannot be disabled or removed'),
  publicBaseInvalid: t('公网访问地址须为 http:// 或 https:// 开头的完整地址，不含查询参数', 'The public base address must be a full http:// or https:// address without a query'),
  sendFailed: t('发送失败：{reason}', 'Sending failed: {reason}'),
  dailyLimitReached: t('今日已发送 {sent} 封，已达每日上限 {limit} 封', 'Daily limit reached: {sent} of {limit} mails sent today'),
  testSubject: t('测试邮件', 'Test mail'),
  testBody: t('这是一封来自校友管理平台的测试邮件。', 'This is a test mail from the alumni back-office.'),
} as const;

/** The SMTP accounts pushes send e-mail through (DOMAIN 8.6); one per tenant is the default. */
export const emailSettingEntity = defineEntity({
  name: 'email-setting',
  label: t('邮件设置', 'E-mail settings'),
  table: 'alumni_email_setting',
  scope: 'tenant',
  permission: 'emailsetting',
  api: { base: '/blade-emailSetting/emailSetting' },
  fields: {
    settingName: text(t('配置名称', 'Name'), { required: true, max: 64, list: true, search: 'like' }),
    smtpHost: text(t('SMTP服务器', 'SMTP host'), { required: true, max: 128, list: true }),
    smtpPort: integer(t('端口', 'Port'), { required: true, min: 1, max: 65535, default: 465, list: true }),
    encryption: dict(t('加密方式', 'Encryption'), 'smtp_encryption', { source: 'biz', required: true, default: SMTP_ENCRYPTION.tls, list: true }),
    username: text(t('账号', 'User name'), { required: true, max: 128, list: true }),
    password: text(t('密码/授权码', 'Password / app code'), { required: true, max: 256, secret: true }),
    senderAddress: text(t('发件地址', 'From address'), { required: true, max: 128, list: true, search: 'like' }),
    senderName: text(t('发件人名称', 'From name'), { required: true, max: 64, list: true }),
    replyTo: text(t('回复地址', 'Reply-to'), { max: 128 }),
    dailyLimit: integer(t('每日上限', 'Daily limit'), { required: true, min: 1, max: 100000, default: 500, list: true }),
    isDefault: flag(t('默认', 'Default'), { required: true, list: true }),
    remark: textarea(t('备注', 'Remark'), { max: 500 }),
  },
  titleField: 'settingName',
});
