import sanitizeHtml from 'sanitize-html';
import type { EntityHooks } from '../../engine/entity-hooks.js';

/** The tags and attributes a notice body keeps; scripts, styles and event attributes go. */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'u', 's', 'font'],
  allowedAttributes: {
    ...sanitizeHtml.defaults.allowedAttributes,
    img: ['src', 'alt', 'title', 'width', 'height'],
    span: ['style'], p: ['style'], font: ['color'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'data'],
};

export const sanitizeNotice = (html: string): string => sanitizeHtml(html, ALLOWED);

/** A notice's rich-text body is sanitised on every save (DOMAIN 1.3 `text(html)`). */
export const noticeHooks: EntityHooks = {
  async beforeSave(_ctx, values) {
    if (typeof values.content === 'string') values.content = sanitizeNotice(values.content);
  },
};
