import { defineEntity } from '../../entity.js';
import { text, textarea } from '../../fields.js';
import { t } from '../../text.js';
import { requestFields, serverFields } from './log-fields.js';

/** Error log: the server's own failures (5xx, with the request id the answer carried) and client logs. */
export const logErrorEntity = defineEntity({
  name: 'log-error',
  label: t('错误日志', 'Error log'),
  table: 'blade_log_error',
  scope: 'tenant',
  permission: 'log_error',
  api: { base: '/blade-log/error', submit: false, remove: false },
  fields: {
    source: text(t('来源', 'Source'), { max: 16, list: true, search: 'equal', width: 90 }),
    exceptionName: text(t('异常名', 'Error type'), { max: 255, list: true, search: 'like' }),
    message: textarea(t('异常信息', 'Message'), { max: 4000, list: true, search: 'like' }),
    stackTrace: textarea(t('堆栈', 'Stack'), { max: 20000 }),
    pageUrl: text(t('页面地址', 'Page address'), { max: 1000 }),
    info: textarea(t('附加信息', 'Info'), { max: 4000 }),
    ...requestFields(),
    ...serverFields(),
  },
  showCreateTime: true,
  titleField: 'exceptionName',
});
