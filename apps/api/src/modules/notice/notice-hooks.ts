import { fill, MSG, noticeEntity } from '@alumni/domain';
import { invalidFields } from '../../core/errors.js';
import type { EntityHooks } from '../../engine/entity-hooks.js';
import { sanitizeRichText } from '../../engine/rich-text.js';
import type { Db } from '../../db/database.js';
import { markNoticeRead } from './notice-bell.js';

/** A notice's rich-text body is sanitised on every save (DOMAIN 1.3 `text(html)`). */
export const noticeHooks: EntityHooks = {
  async beforeSave(ctx, values) {
    if (typeof values.content !== 'string') return;
    values.content = sanitizeRichText(values.content);
    // A body that was nothing but what sanitising removes (a lone script) is an empty body.
    if (values.content.trim() === '') {
      throw invalidFields({ content: fill(MSG.required[ctx.lang], { label: noticeEntity.fields.content.label[ctx.lang] }) });
    }
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
