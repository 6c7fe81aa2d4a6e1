import { fill, MSG, noticeEntity } from '@alumni/domain';
import { invalidFields } from '../../core/errors.js';
import type { EntityHooks } from '../../engine/entity-hooks.js';
import { sanitizeRichText } from '../../engine/rich-text.js';

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
