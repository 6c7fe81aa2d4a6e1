import { integer, text, textarea } from '../../fields.js';
import { t } from '../../text.js';

/** What every log row records of the request it came from. */
export const requestFields = () => ({
  requestUri: text(t('请求地址', 'Path'), { max: 255, list: true, search: 'like', width: 260 }),
  method: text(t('请求方法', 'Method'), { max: 10, list: true, search: 'equal', width: 90 }),
  createBy: text(t('操作人', 'User'), { max: 64, list: true, search: 'like', width: 120 }),
  remoteIp: text(t('IP地址', 'IP address'), { max: 64, list: true, width: 130 }),
  userAgent: text(t('用户代理', 'User agent'), { max: 1000 }),
  params: textarea(t('请求参数', 'Parameters'), { max: 20000 }),
  requestId: text(t('请求编号', 'Request ID'), { max: 64 }),
});

/** Which server wrote the row, as BladeX's log tables record it: its host name, address and environment. */
export const serverFields = () => ({
  serverHost: text(t('服务器名', 'Server host'), { max: 255 }),
  serverIp: text(t('服务器IP', 'Server address'), { max: 255 }),
  env: text(t('服务器环境', 'Environment'), { max: 255 }),
});

export const durationField = () => integer(t('耗时(毫秒)', 'Duration (ms)'), { list: true, sortable: true, width: 110 });
