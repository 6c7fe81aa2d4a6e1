import { noticePushEntity } from '@alumni/domain';
import type { Db, Dialect } from '../database.js';
import { columnType, hasColumn } from '../entity-table.js';

/**
 * A notice push may invite to a survey (发送邀请, DOMAIN 9.1): the survey it names, added to pushes
 * made before the field existed (a new database has it from the definition).
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  if (await hasColumn(db, dialect, noticePushEntity.table, 'survey_id')) return;
  await db.schema.alterTable(noticePushEntity.table).addColumn('survey_id', columnType(noticePushEntity.fields.surveyId, dialect)).execute();
}
