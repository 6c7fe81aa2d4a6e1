import type { EntityDef, Field } from '@alumni/domain';
import type { FieldOverrides } from './field-overrides';

export interface FormField {
  name: string;
  field: Field;
  required: boolean | ((values: Readonly<Record<string, unknown>>) => boolean);
  disabled: boolean;
}

/** The fields the add/edit form shows, in definition order, after the page's overrides. */
export function formFields(entity: EntityDef, mode: 'add' | 'edit' | 'view', overrides: FieldOverrides = {}): FormField[] {
  return Object.entries(entity.fields)
    // A read-only field is set by the server: nothing to show while adding.
    .filter(([name, field]) => field.form !== 'hidden' && overrides[name]?.hidden !== true && !(mode === 'add' && field.form === 'readonly'))
    .map(([name, field]) => ({
      name,
      field,
      required: overrides[name]?.required ?? field.required ?? false,
      disabled: mode === 'view' || overrides[name]?.disabled === true || field.form === 'readonly'
        || (field.form === 'create-only' && mode === 'edit'),
    }));
}
