import { defineEntity } from '../../entity.js';
import { integer, text } from '../../fields.js';
import { t } from '../../text.js';
import { durationField, requestFields, serverFields } from './log-fields.js';

/** API log: every write call, and every read that failed or was slow. Written by the server only. */
export const logApiEntity = defineEntity({
  name: 'log-api',
  label: t('接口日志', 'API log'),
  table: 'blade_log_api',
  scope: 'tenant',
  permission: 'log_api',
  api: { base: '/blade-log/api', submit: false, remove: false },
  fields: {
    title: text(t('日志标题', 'Title'), { max: 255, list: true, search: 'like' }),
    ...requestFields(),
    ...serverFields(),
    statusCode: integer(t('状态码', 'Status'), { list: true, search: 'equal', width: 80 }),
    time: durationField(),
  },
  showCreateTime: true,
  titleField: 'title',
});
