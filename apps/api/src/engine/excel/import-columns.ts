import { BASE_FIELDS, type EntityDef, type Field, type Lang } from '@alumni/domain';

/** The fields a sheet may fill: those a person types or picks in the form (not generated, not secret). */
export function importFields(entity: EntityDef): [string, Field][] {
  const generated = new Set(Object.keys(entity.numbers ?? {}));
  return Object.entries(entity.fields).filter(([name, field]) =>
    field.form !== 'readonly' && field.form !== 'hidden' && !field.secret && !generated.has(name) && !(name in BASE_FIELDS && name !== 'status'));
}

/** A column's label: a reference named by another field of its row (an alumni code) says so. */
const labelOf = (field: Field) => (field.kind === 'fk' && field.importBy ? field.importBy.label : field.label);

/** A column's header in one language; a required column is marked with `*`. */
export const headerOf = (field: Field, lang: Lang): string => `${field.required ? '*' : ''}${labelOf(field)[lang]}`;

/** The field a header names, in either language, with or without the `*`. */
export function columnIndex(entity: EntityDef): Map<string, string> {
  const index = new Map<string, string>();
  for (const [name, field] of importFields(entity)) {
    for (const label of [field.label, labelOf(field)]) {
      index.set(label.zh, name);
      index.set(label.en.toLowerCase(), name);
    }
  }
  return index;
}

export const fieldOfHeader = (index: Map<string, string>, header: string): string | undefined => {
  const label = header.replace(/^\s*\*\s*/, '').trim();
  return index.get(label) ?? index.get(label.toLowerCase());
};
