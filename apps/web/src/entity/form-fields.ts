import type { EntityDef, Field } from '@alumni/domain';
import type { FieldOverrides } from './field-overrides';

export interface FormField {
  name: string;
  field: Field;
  required: boolean;
  disabled: boolean;
}

/** The fields the add/edit form shows, in definition order, after the page's overrides. */
export function formFields(entity: EntityDef, mode: 'add' | 'edit' | 'view', overrides: FieldOverrides = {}): FormField[] {
  return Object.entries(entity.fields)
    .filter(([name, field]) => field.form !== 'hidden' && overrides[name]?.hidden !== true)
    .map(([name, field]) => ({
      name,
      field,
      required: overrides[name]?.required ?? field.required ?? false,
      disabled: mode === 'view' || overrides[name]?.disabled === true || field.form === 'readonly'
        || (field.form === 'create-only' && mode === 'edit'),
    }));
}

/** Defaults of a new record, from the definition. */
export function defaultValues(entity: EntityDef): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if ('default' in field && field.default !== undefined) out[name] = field.default;
  }
  return out;
}
