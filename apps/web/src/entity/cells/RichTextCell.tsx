import '../../pages/system-admin/notice/rich-text.css';
import { useMemo } from 'react';
import { safeHtml } from '../../lib/safe-html';

/** A rich-text body in a view: its markup, sanitised, never as raw HTML text. */
export function RichTextCell({ value }: { value: unknown }) {
  const html = useMemo(() => (typeof value === 'string' ? safeHtml(value) : ''), [value]);
  return html ? <div className="rich-text-view" dangerouslySetInnerHTML={{ __html: html }} /> : null;
}

/** A rich-text body's words, for a table cell. */
export function richTextWords(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const doc = new DOMParser().parseFromString(value, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
