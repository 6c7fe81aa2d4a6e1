import { reportEntity } from '@alumni/domain';
import type { Db, Dialect } from '../database.js';
import { createEntityTable } from '../entity-table.js';

/** The addresses the parameters held before the built-in designer and viewer (DOMAIN 18.2's defaults). */
const OLD_DEFAULTS = [
  ['report.designerUrl', 'http://localhost:8108/report/designer', '/report/designer'],
  ['report.previewUrl', 'http://localhost:8108/report/preview', '/report/preview'],
] as const;

/**
 * Reports (DOMAIN 10.1, `blade_report_file`) from their definition; a report's name is unique in its
 * tenant (the viewer's address names it). Parameters still at the old external defaults now point
 * at the built-in designer and viewer; a value a school set is left alone.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  await createEntityTable(db, dialect, reportEntity);
  for (const [key, before, after] of OLD_DEFAULTS) {
    await db.updateTable('blade_param').set({ param_value: after }).where('param_key', '=', key).where('param_value', '=', before).execute();
  }
}
