import { OSS_CATEGORY, SMS_CATEGORY, SMTP_ENCRYPTION } from '@alumni/domain';
import type { SeedWriter } from './seed-writer.js';

/**
 * The demo school's channels (DOMAIN 18.2): the local folder as enabled storage, the development SMS
 * provider that records instead of sending, and an SMTP account on a local development server.
 */
export async function seedChannels(w: SeedWriter): Promise<void> {
  await w.insert('blade_oss', { category: OSS_CATEGORY.local, ossCode: 'local', enabled: 1, remark: '本地存储(数据目录 files/)' });
  await w.insert('blade_sms', {
    category: SMS_CATEGORY.log, smsCode: 'demo-sms', templateId: 'SMS_900000001', signName: '示范大学', enabled: 1,
    remark: '开发用:只记录,不发送',
  });
  await w.insert('alumni_email_setting', {
    settingName: '校友总会邮箱', smtpHost: 'localhost', smtpPort: 2525, encryption: SMTP_ENCRYPTION.none, username: 'alumni@example.com',
    password: 'demo-mail-password', senderAddress: 'alumni@example.com', senderName: '示范大学校友总会', dailyLimit: 500, isDefault: 1,
  });
}
