/** Per-field adjustments a page makes to the generated form. */
export interface FieldOverride {
  disabled?: boolean;
  hidden?: boolean;
  /** Overrides the definition's `required` (a dictionary entry's key, for example). */
  required?: boolean;
}

export type FieldOverrides = Readonly<Record<string, FieldOverride>>;
