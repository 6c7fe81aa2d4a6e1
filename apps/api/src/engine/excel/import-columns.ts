import { BASE_FIELDS, entityByName, type EntityDef, type Field, type ImportRelated, type Lang } from '@alumni/domain';
import type { SheetRow } from './import-sheet.js';

/** The fields a sheet may fill: those a person types or picks in the form (not generated, not secret). */
export function importFields(entity: EntityDef): [string, Field][] {
  const generated = new Set(Object.keys(entity.numbers ?? {}));
  return Object.entries(entity.fields).filter(([name, field]) =>
    field.form !== 'readonly' && field.form !== 'hidden' && !field.secret && !generated.has(name) && !(name in BASE_FIELDS && name !== 'status'));
}

/** The record of another entity each row carries, with the fields of its columns. */
export interface RelatedImport {
  rule: ImportRelated;
  entity: EntityDef;
  fields: [string, Field][];
}

/** A related column's cell name in a sheet row (`studentStatuses.departmentId`), apart from the row's own fields. */
export const relatedCell = (rule: ImportRelated, name: string): string => `${rule.field}.${name}`;

export function relatedImport(entity: EntityDef): RelatedImport | null {
  const rule = entity.excel?.import?.related;
  if (!rule) return null;
  const target = entityByName(rule.entity);
  return {
    rule, entity: target,
    fields: rule.fields.map((name) => {
      const field = target.fields[name];
      if (!field) throw new Error(`${entity.name} imports ${rule.entity}.${name}, which does not exist`);
      return [name, field];
    }),
  };
}

/** The related record's cells of a row, by the related entity's field names. */
export function relatedRow(related: RelatedImport, row: SheetRow): SheetRow {
  const cells: Record<string, string> = {};
  for (const [name] of related.fields) {
    const text = row.cells[relatedCell(related.rule, name)];
    if (text !== undefined) cells[name] = text;
  }
  return { ...row, cells };
}

/** Every column of an entity's sheet by cell name: its own fields, then the related record's. */
export function sheetColumns(entity: EntityDef): [string, Field][] {
  const related = relatedImport(entity);
  return [...importFields(entity), ...(related ? related.fields.map(([name, field]) => [relatedCell(related.rule, name), field] as [string, Field]) : [])];
}

/** A column's label: a reference named by another field of its row (an alumni code) says so. */
const labelOf = (field: Field) => (field.kind === 'fk' && field.importBy ? field.importBy.label : field.label);

/** A column's header in one language; a required column is marked with `*`. */
export const headerOf = (field: Field, lang: Lang): string => `${field.required ? '*' : ''}${labelOf(field)[lang]}`;

/** The cell name a header names, in either language, with or without the `*`; the row's own fields first. */
export function columnIndex(entity: EntityDef): Map<string, string> {
  const index = new Map<string, string>();
  for (const [name, field] of importFields(entity)) {
    for (const label of [field.label, labelOf(field)]) {
      index.set(label.zh, name);
      index.set(label.en.toLowerCase(), name);
    }
  }
  const own = new Set(index.keys());
  const related = relatedImport(entity);
  for (const [name, field] of related?.fields ?? []) {
    for (const label of [field.label, labelOf(field)]) {
      for (const text of [label.zh, label.en.toLowerCase()]) if (!own.has(text)) index.set(text, relatedCell(related!.rule, name));
    }
  }
  return index;
}

export const fieldOfHeader = (index: Map<string, string>, header: string): string | undefined => {
  const label = header.replace(/^\s*\*\s*/, '').trim();
  return index.get(label) ?? index.get(label.toLowerCase());
};
