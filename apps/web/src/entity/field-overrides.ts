import type { ComponentType } from 'react';

/** What a page's own form control of a field receives: Form.Item's value/onChange/id, and the dialog's mode. */
export interface FieldWidgetProps {
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
  disabled?: boolean;
  mode: 'add' | 'edit' | 'view';
}

/** Per-field adjustments a page makes to the generated form. */
export interface FieldOverride {
  disabled?: boolean;
  hidden?: boolean;
  /** Overrides the definition's `required` (a dictionary entry's key, for example). */
  required?: boolean;
  /**
   * Replaces the control the field's kind would get (a notice's rich-text body). The page loads
   * heavy controls lazily inside it, so the shared entity code never imports them.
   */
  input?: ComponentType<FieldWidgetProps>;
}

export type FieldOverrides = Readonly<Record<string, FieldOverride>>;
