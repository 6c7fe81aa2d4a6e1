import { maskedTarget } from '../../modules/resource/send-records.js';
import type { Db, Dialect } from '../database.js';

/** Rows rewritten per statement batch while the targets already recorded are masked. */
const BATCH = 500;

/**
 * A message's recipient is personal data: the send records keep it masked (`138****5678`,
 * `z***@example.com`) with its keyed hash in `target_hash`, by which a push finds the record of a
 * recipient (decision 207). The recipients recorded before are masked here; their hash stays empty
 * (the hash key is the server's, not the migration's).
 */
export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('blade_send_record').addColumn('target_hash', 'varchar(64)').execute();
  await db.schema.createIndex('blade_send_record_target_hash').on('blade_send_record').columns(['tenant_id', 'channel', 'target_hash']).execute();
  let after: string | number = -1;
  for (;;) {
    const rows = await db.selectFrom('blade_send_record').select(['id', 'target']).where('id', '>', after).orderBy('id').limit(BATCH).execute() as { id: string | number; target: string }[];
    if (rows.length === 0) break;
    for (const row of rows) {
      const masked = maskedTarget(String(row.target));
      if (masked !== row.target) await db.updateTable('blade_send_record').set({ target: masked }).where('id', '=', row.id).execute();
    }
    after = (rows[rows.length - 1] as { id: string | number }).id;
  }
}
