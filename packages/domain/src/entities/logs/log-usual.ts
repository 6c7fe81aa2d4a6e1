import { defineEntity } from '../../entity.js';
import { text, textarea } from '../../fields.js';
import { t } from '../../text.js';
import { requestFields, serverFields } from './log-fields.js';

/** Usual log: explicit business events (sign-in, sign-out, lockout, password change …). */
export const logUsualEntity = defineEntity({
  name: 'log-usual',
  label: t('通用日志', 'Usual log'),
  table: 'blade_log_usual',
  scope: 'tenant',
  permission: 'log_usual',
  api: { base: '/blade-log/usual', submit: false, remove: false },
  fields: {
    logId: text(t('事件', 'Event'), { max: 64, list: true, search: 'equal', width: 150 }),
    logLevel: text(t('日志级别', 'Level'), { max: 16, list: true, search: 'equal', width: 90 }),
    logData: textarea(t('日志内容', 'Content'), { max: 4000, list: true, search: 'like' }),
    ...requestFields(),
    ...serverFields(),
  },
  showCreateTime: true,
  titleField: 'logId',
});
