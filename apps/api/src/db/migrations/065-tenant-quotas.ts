import { tenantEntity } from '@alumni/domain';
import type { Db, Dialect } from '../database.js';
import { columnType, hasColumn } from '../entity-table.js';

const QUOTA_COLUMNS = {
  storage_quota: tenantEntity.fields.storageQuota,
  sms_month_quota: tenantEntity.fields.smsMonthQuota,
  mail_day_quota: tenantEntity.fields.mailDayQuota,
  api_minute_quota: tenantEntity.fields.apiMinuteQuota,
};

/**
 * The tenant's limits beside its account quota (decision 293): storage in megabytes, text messages
 * a month, e-mails a day and API calls a minute, each -1 (unlimited) for the tenants there are. A
 * table made from the entity as it is now already has the columns.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  for (const [column, field] of Object.entries(QUOTA_COLUMNS)) {
    if (await hasColumn(db, dialect, tenantEntity.table, column)) continue;
    if (!field) throw new Error(`tenant field of ${column} is missing`);
    await db.schema.alterTable(tenantEntity.table).addColumn(column, columnType(field, dialect), (c) => c.notNull().defaultTo(-1)).execute();
  }
}
