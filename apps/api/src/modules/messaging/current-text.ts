import { textEntity } from '@alumni/domain';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';

const ENABLED = 1;

export interface CurrentText { version: string; title: string; content: string }

/**
 * The version of a text alumni read today (DOMAIN 8.7): the enabled row of the code with the latest
 * effective date not after today — the rule `isCurrent` stores, applied at the moment of asking, so
 * a version dated ahead takes over on its day without a write. `null` when the tenant has none.
 */
export async function currentText(db: Db, tenantId: string, code: string): Promise<(CurrentText & { id: string }) | null> {
  const row = await db.selectFrom(textEntity.table).select(['id', 'version', 'title', 'content'])
    .where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).where('text_code', '=', code)
    .where('status', '=', ENABLED).where('effective_date', '<=', now().slice(0, 10))
    .orderBy('effective_date', 'desc').orderBy('create_time', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ? { id: String(row.id), version: String(row.version), title: String(row.title), content: String(row.content) } : null;
}
