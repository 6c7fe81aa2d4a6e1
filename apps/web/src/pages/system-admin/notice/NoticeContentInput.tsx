import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { FieldWidgetProps } from '../../../entity/field-overrides';
import './rich-text.css';

// The editor (and its texts) load only when the add or edit form opens, never with the list.
const RichTextEditor = lazy(() => import('./RichTextEditor'));

/**
 * The notice body in the add/edit/view dialog: a rich-text editor while adding or editing, and in
 * view mode the stored HTML read-only (the server sanitised it on save).
 */
export function NoticeContentInput({ mode, value, onChange, id, disabled }: FieldWidgetProps) {
  const html = typeof value === 'string' ? value : '';
  if (mode === 'view') {
    return <div id={id} className="rich-text-view" data-testid="notice-content-view" dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
      <RichTextEditor id={id} value={html} onChange={(next) => onChange?.(next)} disabled={disabled} />
    </Suspense>
  );
}
