import type { ComponentType, ReactNode } from 'react';

/** What a page's own form control of a field receives: Form.Item's value/onChange/id, and the dialog's mode. */
export interface FieldWidgetProps {
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
  disabled?: boolean;
  mode: 'add' | 'edit' | 'view';
}

/** The add/edit form's values as they stand. */
export type FormValues = Readonly<Record<string, unknown>>;

/**
 * A group of fields under a heading in the add/edit form, with a page's own content before and
 * after its fields (a live estimate, a preview); that content sits inside the form, so it may read
 * the values with `Form.useWatch` and hold form-only controls (see `formOnlyFields`).
 */
export interface FormSection {
  key: string;
  title?: string;
  fields: readonly string[];
  before?: ReactNode;
  after?: ReactNode;
}

/** Per-field adjustments a page makes to the generated form. */
export interface FieldOverride {
  disabled?: boolean;
  hidden?: boolean;
  /**
   * Overrides the definition's `required` (a dictionary entry's key, for example); a function of the
   * form's current values makes it follow other fields (the notice of a push that pushes a notice).
   */
  required?: boolean | ((values: FormValues) => boolean);
  /**
   * The field is in the form only while this holds for the form's current values (the scheduled
   * time of a scheduled push); a field left out is saved empty.
   */
  shownWhen?: (values: FormValues) => boolean;
  /**
   * Replaces the control the field's kind would get (a notice's rich-text body). The page loads
   * heavy controls lazily inside it, so the shared entity code never imports them.
   */
  input?: ComponentType<FieldWidgetProps>;
}

export type FieldOverrides = Readonly<Record<string, FieldOverride>>;
