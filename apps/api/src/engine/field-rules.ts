import { FIELD_PERMISSION_MSG, displayNameKey, type EntityDef, type Field, type Lang, type ListQuery } from '@alumni/domain';
import type { FieldView } from '../access/field-permissions.js';
import { badRequest, invalidFields } from '../core/errors.js';
import type { JsonRecord } from '../db/row-mapping.js';

/**
 * How the engine applies a caller's field view (decisions 320–322) to answers, queries and writes:
 * one place, so lists, details, exports, imports and forms cannot differ.
 */

/** Takes each hidden field, and the name shown beside it, out of the answered rows. */
export function withoutHiddenFields(records: JsonRecord[], hidden: ReadonlySet<string>): void {
  if (hidden.size === 0) return;
  for (const r of records) {
    for (const name of hidden) {
      delete r[name];
      delete r[displayNameKey(name)];
    }
  }
}

/** A filter or sort by a hidden field would tell its values apart: refused with 400. */
export function refuseHiddenQuery(entity: EntityDef, query: ListQuery, view: FieldView): void {
  if (view.hidden.size === 0) return;
  const named = [...query.conditions.map((c) => c.field), ...query.sorts.map((s) => s.field)].find((f) => view.hidden.has(f));
  if (!named) return;
  const text = FIELD_PERMISSION_MSG.hiddenQuery;
  const field = entity.fields[named];
  throw badRequest({ zh: text.zh.replace('{label}', labelOf(field, named, 'zh')), en: text.en.replace('{label}', labelOf(field, named, 'en')) });
}

const labelOf = (field: Field | undefined, name: string, lang: Lang) => field?.label[lang] ?? name;
const blank = (value: unknown) => value === null || value === undefined || value === '';
const sameValue = (a: unknown, b: unknown) => (blank(a) && blank(b)) || String(a ?? '') === String(b ?? '');

/**
 * A write's values against the caller's hidden and read-only fields. A blank value of either is read
 * as not sent (an import sheet's empty cell): an edit keeps the stored value, a new row takes the
 * field's declared default, as a form that does not show the field would. An edit may send a
 * read-only field back as it is stored (a form sends what it showed): kept, not written. Any other
 * value of a read-only field, and any value of a hidden one (but its default in a new row), refuses
 * the whole write with 400 naming the fields.
 */
export function checkFieldWrites(entity: EntityDef, view: FieldView, values: Record<string, unknown>, existing: JsonRecord | null, lang: Lang): void {
  if (view.hidden.size === 0 && view.readonly.size === 0) return;
  const errors: Record<string, string> = {};
  for (const name of [...view.hidden, ...view.readonly]) {
    if (!(name in values)) continue;
    const field = entity.fields[name];
    const declared = field && 'default' in field && field.default !== undefined ? field.default : null;
    const hidden = view.hidden.has(name);
    if (blank(values[name])) {
      if (existing) delete values[name];
      else values[name] = declared;
      continue;
    }
    if (existing ? !hidden && sameValue(values[name], existing[name]) : sameValue(values[name], declared)) {
      if (existing) delete values[name];
      continue;
    }
    errors[name] = FIELD_PERMISSION_MSG[hidden ? 'hidden' : 'readonly'][lang].replaceAll('{label}', labelOf(field, name, lang));
  }
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
}
