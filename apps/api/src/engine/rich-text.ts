import sanitizeHtml from 'sanitize-html';

/** The tags and attributes a rich-text body (DOMAIN 1.3 `text(html)`) keeps; scripts, styles and event attributes go. */
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

/** A rich-text body with only what is safe to show in the back office and on the portal. */
export const sanitizeRichText = (html: string): string => sanitizeHtml(html, ALLOWED);

/** The readable text of an HTML body: tags dropped, entities decoded, white space collapsed. */
export function htmlToText(html: string): string {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript'] });
  return text.replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
}
