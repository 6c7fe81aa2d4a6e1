import type { EntityHooks } from '../../engine/entity-hooks.js';
import { sanitizeRichText } from '../../engine/rich-text.js';
import type { Db } from '../../db/database.js';
import { markNoticeRead } from './notice-bell.js';

/**
 * A notice's rich-text body is sanitised on every save (DOMAIN 1.3 `text(html)`). The body may be
 * empty, as BladeX accepts it; one that was nothing but what sanitising removes is stored empty.
 */
export const noticeHooks: EntityHooks = {
  async beforeSave(_ctx, values) {
    if (typeof values.content !== 'string') return;
    values.content = sanitizeRichText(values.content);
    if (values.content.trim() === '') values.content = '';
  },
};

/** The notice hooks with the read marks: a user who opens a notice has read it (the bell's count). */
export const noticeHooksWithReads = (db: Db): EntityHooks => ({
  ...noticeHooks,
  async detailExtras(stored, caller) {
    await markNoticeRead(db, caller, String(stored.id));
    return {};
  },
});
