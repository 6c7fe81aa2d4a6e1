import { defineEntity } from '../../entity.js';
import { dict, integer, text, textarea } from '../../fields.js';
import { t } from '../../text.js';

/** Dictionary `personal_access_kind`: how personal data was read unmasked (decision 302). */
export const PERSONAL_ACCESS_KIND = {
  /** A list page answered a holder of 查看敏感信息 its rows' sensitive fields unmasked. */
  list: '1',
  /** One record's detail, unmasked. */
  detail: '2',
  /** An Excel export of a list, unmasked. */
  export: '3',
  /** A listing report's page or file carrying sensitive columns unmasked. */
  report: '4',
  /** An alumnus downloaded their own data from the portal (我的数据). */
  selfDownload: '5',
} as const;
export type PersonalAccessKind = keyof typeof PERSONAL_ACCESS_KIND;

/** The most record ids one event names; a larger read keeps its count and its filter (decision 302). */
export const PERSONAL_ACCESS_MAX_IDS = 1000;

/**
 * An access to personal data (decisions 302–304): who read which records' sensitive fields unmasked,
 * when, from where and through which call. Written by the engine in the request that answered the
 * data; it holds ids and field names only, never a personal value. Read-only: rows are not edited or
 * removed through the product.
 */
export const personalAccessEntity = defineEntity({
  name: 'personalAccess',
  label: t('个人信息访问记录', 'Personal-data access'),
  table: 'app_personal_access',
  scope: 'tenant',
  permission: 'personal_access',
  api: { base: '/blade-log/personal-access', list: false, detail: false, submit: false, remove: false },
  fields: {
    account: text(t('账号', 'Account'), { max: 64, list: true, search: 'equal', width: 120 }),
    userName: text(t('姓名', 'Name'), { max: 64, list: true, width: 110 }),
    kind: dict(t('访问方式', 'Kind of access'), 'personal_access_kind', { list: true, search: 'equal', width: 130 }),
    entity: text(t('数据对象', 'Data'), { max: 64, list: true, search: 'equal', width: 130 }),
    recordCount: integer(t('记录数', 'Records'), { list: true, width: 90 }),
    recordIds: textarea(t('记录编号', 'Record IDs'), { max: 20000, list: true, width: 220 }),
    fields: text(t('显示的字段', 'Fields shown'), { max: 500, list: true, width: 200 }),
    filter: textarea(t('查询条件', 'Filter'), { max: 2000, list: true, width: 180 }),
    purpose: text(t('用途', 'Purpose'), { max: 255, list: true, search: 'like', width: 240 }),
    ip: text(t('IP地址', 'IP address'), { max: 64, list: true, width: 130 }),
    requestId: text(t('请求编号', 'Request ID'), { max: 64 }),
  },
  showCreateTime: true,
  viewButton: false,
  excel: { export: true },
  titleField: 'account',
});
