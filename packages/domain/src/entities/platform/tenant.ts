import { defineEntity } from '../../entity.js';
import { datetime, fk, integer, text, textarea } from '../../fields.js';
import { t } from '../../text.js';

/** Tenants: the schools and associations sharing one installation. */
export const tenantEntity = defineEntity({
  name: 'tenant',
  label: t('租户', 'Tenant'),
  table: 'blade_tenant',
  scope: 'platform',
  permission: 'tenant',
  api: { base: '/blade-system/tenant' },
  fields: {
    // Left empty, a new tenant gets the next free six-digit id (as BladeX gives them).
    tenantId: text(t('租户编号', 'Tenant ID'), { max: 12, list: true, search: 'like', form: 'create-only' }),
    tenantName: text(t('租户名称', 'Tenant name'), { required: true, max: 50, list: true, search: 'like' }),
    domain: text(t('域名地址', 'Domain'), { max: 255, list: true }),
    backgroundUrl: text(t('系统背景', 'Background'), { max: 1000 }),
    linkman: text(t('联系人', 'Contact'), { max: 20, list: true, search: 'like' }),
    contactNumber: text(t('联系电话', 'Phone'), { max: 20, list: true, check: 'telephone' }),
    address: text(t('联系地址', 'Address'), { max: 255 }),
    accountNumber: integer(t('账号额度', 'Account quota'), { default: -1, min: -1, form: 'hidden', list: true }),
    // The tenant's other limits (decision 293); -1 is unlimited, as for the account quota.
    storageQuota: integer(t('存储空间上限(MB,-1 不限)', 'Storage limit (MB, -1 unlimited)'), { default: -1, min: -1, max: 2147483647 }),
    smsMonthQuota: integer(t('每月短信上限(-1 不限)', 'Text messages per month (-1 unlimited)'), { default: -1, min: -1, max: 2147483647 }),
    mailDayQuota: integer(t('每日邮件上限(-1 不限)', 'E-mails per day (-1 unlimited)'), { default: -1, min: -1, max: 2147483647 }),
    apiMinuteQuota: integer(t('每分钟接口调用上限(-1 不限)', 'API calls per minute (-1 unlimited)'), { default: -1, min: -1, max: 2147483647 }),
    expireTime: datetime(t('过期时间', 'Expires at'), { form: 'hidden', list: true }),
    packageId: fk(t('产品包', 'Package'), { form: 'hidden' }),
    datasourceId: fk(t('数据源', 'Data source'), { form: 'hidden' }),
    licenseKey: textarea(t('授权码', 'Licence key'), { max: 1000, form: 'hidden' }),
  },
  unique: [{ fields: ['tenantId'], message: t('租户编号已存在', 'This tenant ID already exists') }],
  titleField: 'tenantName',
});
