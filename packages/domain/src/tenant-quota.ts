import { t, type Text } from './text.js';

/** The limits a platform administrator sets on a tenant; -1 (or empty) is unlimited. */
export const QUOTA_KINDS = ['accounts', 'storage', 'smsMonth', 'mailDay', 'apiMinute'] as const;
export type QuotaKind = (typeof QUOTA_KINDS)[number];

/** The tenant's field holding each limit. */
export const QUOTA_FIELDS: Record<QuotaKind, string> = {
  accounts: 'accountNumber',
  storage: 'storageQuota',
  smsMonth: 'smsMonthQuota',
  mailDay: 'mailDayQuota',
  apiMinute: 'apiMinuteQuota',
};

export const QUOTA_LABELS: Record<QuotaKind, Text> = {
  accounts: t('账号', 'Accounts'),
  storage: t('存储空间', 'Storage'),
  smsMonth: t('本月短信', 'Text messages this month'),
  mailDay: t('今日邮件', 'E-mails today'),
  apiMinute: t('每分钟接口调用', 'API calls per minute'),
};

/** One quota of a tenant: its limit (-1 unlimited) and what is used of it now. */
export interface QuotaUsage {
  kind: QuotaKind;
  limit: number;
  used: number;
}

export interface TenantUsage {
  tenantId: string;
  tenantName: string;
  quotas: QuotaUsage[];
}

/** The share of a limit at which usage is shown as a warning. */
export const QUOTA_WARNING_SHARE = 0.8;

export type QuotaLevel = 'unlimited' | 'normal' | 'warning' | 'full';

export function quotaLevel(used: number, limit: number): QuotaLevel {
  if (limit < 0) return 'unlimited';
  if (used >= limit) return 'full';
  return used >= limit * QUOTA_WARNING_SHARE ? 'warning' : 'normal';
}

/** Bytes of a storage limit set in megabytes. */
export const MEGABYTE = 1024 * 1024;

export const QUOTA_MSG = {
  storageFull: t('租户存储空间已达上限({limit} MB),剩余 {remaining} 字节,无法上传该文件', "This tenant's storage limit ({limit} MB) is reached: {remaining} bytes remain, too few for this file"),
  smsMonthFull: t('租户本月短信额度不足:上限 {limit} 条,剩余 {remaining} 条,本次需要 {wanted} 条,未发送', "This tenant's text messages for the month are not enough: limit {limit}, {remaining} remain, {wanted} needed; nothing was sent"),
  mailDayFull: t('租户今日邮件额度已用完(上限 {limit} 封)', "This tenant's e-mails for today are used up (limit {limit})"),
  apiMinuteFull: t('租户每分钟接口调用已达上限({limit} 次),请稍后再试', "This tenant's API calls per minute are used up (limit {limit}); please try again shortly"),
};
