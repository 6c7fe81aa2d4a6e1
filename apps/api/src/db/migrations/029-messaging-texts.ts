import { noticeTemplateEntity, textEntity } from '@alumni/domain';
import type { Db, Dialect } from '../database.js';
import { createEntityTable } from '../entity-table.js';

/**
 * Notice templates and versioned texts (DOMAIN 8.2, 8.7) from their definitions, with the reads
 * their rules make: a scene's enabled template per channel, a code's versions by effective date.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  await createEntityTable(db, dialect, noticeTemplateEntity);
  await createEntityTable(db, dialect, textEntity);
  await db.schema.createIndex('alumni_notice_template_scene').on(noticeTemplateEntity.table)
    .columns(['tenant_id', 'scene', 'channel', 'status']).execute();
  await db.schema.createIndex('alumni_text_versions').on(textEntity.table)
    .columns(['tenant_id', 'text_code', 'effective_date']).execute();
  await db.schema.createIndex('alumni_regist_info_agreement').on('alumni_regist_info')
    .columns(['tenant_id', 'agreement_text_code', 'agreement_version']).execute();
}
