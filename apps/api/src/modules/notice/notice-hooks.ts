import { fill, MSG, noticeEntity } from '@alumni/domain';
import sanitizeHtml from 'sanitize-html';
import { invalidFields } from '../../core/errors.js';
import type { EntityHooks } from '../../engine/entity-hooks.js';

/** The tags and attributes a notice body keeps; scripts, styles and event attributes go. */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'u', 's', 'font'],
  allowedAttributes: {
    ...sanitizeHtml.defaults.allowedAttributes,
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    span: ['style'], p: ['style'], font: ['color'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  // Inline images may be data URLs; links may not (a data: link can carry a page of its own).
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
};

export const sanitizeNotice = (html: string): string => sanitizeHtml(html, ALLOWED);

/** A notice's rich-text body is sanitised on every save (DOMAIN 1.3 `text(html)`). */
export const noticeHooks: EntityHooks = {
  async beforeSave(ctx, values) {
    if (typeof values.content !== 'string') return;
    values.content = sanitizeNotice(values.content);
    // A body that was nothing but what sanitising removes (a lone script) is an empty body.
    if (values.content.trim() === '') {
      throw invalidFields({ content: fill(MSG.required[ctx.lang], { label: noticeEntity.fields.content.label[ctx.lang] }) });
    }
  },
};
