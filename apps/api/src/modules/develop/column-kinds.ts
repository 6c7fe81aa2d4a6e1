import { BASE_FIELDS, camel, snake, type FieldKind, type ModelPrototype, type SearchMode, type SourceColumn, type SourceTableInfo } from '@alumni/domain';

/** The base columns every entity table has: the engine supplies them, so a model does not list them. */
export const BASE_COLUMNS: ReadonlySet<string> = new Set(Object.keys(BASE_FIELDS).map(snake));

const INTEGER_RE = /^(tiny|small|medium|big)?int(eger)?\b|^int[248]\b|^(small|big)?serial\b|^number\(\d+\)$/;

/** The field kind a column's type and name suggest. */
export function kindOfColumn(column: Pick<SourceColumn, 'name' | 'type' | 'length'>): FieldKind {
  const type = column.type.toLowerCase().trim();
  const name = column.name.toLowerCase();
  if (/^(tinyint\(1\)|bool|boolean|bit(\(1\))?)$/.test(type) || (name.startsWith('is_') && (INTEGER_RE.test(type) || type.startsWith('bit')))) return 'flag';
  if (name.endsWith('_ids') && /char|text|clob/.test(type)) return 'ids';
  if (name.endsWith('_id') && /^(bigint|int8|number\(\d+\))/.test(type)) return 'fk';
  if (INTEGER_RE.test(type)) return 'integer';
  if (/^(decimal|numeric|money|number|float|double|real)/.test(type)) return 'money';
  if (type === 'date') return 'date';
  if (/^(timestamp|datetime)/.test(type)) return 'datetime';
  if (/text|clob|json|xml/.test(type) || (column.length ?? 0) > 1000) return 'textarea';
  return 'text';
}

/** The search a field of a kind offers by default. */
export function defaultSearch(kind: FieldKind): SearchMode {
  switch (kind) {
    case 'text':
    case 'textarea':
      return 'like';
    case 'integer':
    case 'money':
    case 'date':
    case 'datetime':
      return 'range';
    case 'flag':
    case 'dict':
    case 'fk':
    case 'ids':
      return 'equal';
  }
}

/** BladeX's form component of each kind (`component_type`), stored for installations that still read it. */
export const COMPONENT_OF_KIND: Readonly<Record<FieldKind, string>> = {
  text: 'input', textarea: 'textarea', integer: 'number', money: 'number', flag: 'switch', dict: 'select',
  date: 'date', datetime: 'datetime', fk: 'select', ids: 'tree',
};

/** `real_name` → `Real name`; an id column names what it refers to (`department_id` → `Department`). */
export function englishLabel(column: string, kind: FieldKind): string {
  const words = column.toLowerCase().replace(kind === 'fk' ? /_id$/ : /$^/, '').split(/_+/).filter(Boolean);
  const text = words.join(' ');
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : column;
}

/** A column's property name: `REAL_NAME` and `real_name` are both `realName`. */
export const propertyOf = (column: string): string => camel(column.toLowerCase().replace(/[^a-z0-9_]/g, '_').replace(/^_+/, ''));

/** Whether a column suggests a search field: names and titles and codes, and dictionary-like flags. */
const searched = (column: string, kind: FieldKind): boolean =>
  (kind === 'text' && /name|title|code|no$/.test(column.toLowerCase())) || kind === 'flag';

/**
 * The fields a model gets from its table when none are saved: every column but the base ones, its
 * property camelCased, its kind from the type, its comment as the Chinese label, shown in the list
 * (but long texts) and the form, required when the column is NOT NULL without a default.
 */
export function proposePrototypes(modelId: string, table: SourceTableInfo): ModelPrototype[] {
  return table.columns.filter((c) => !c.primaryKey && !BASE_COLUMNS.has(c.name.toLowerCase())).map((column) => {
    const kind = kindOfColumn(column);
    const english = englishLabel(column.name, kind);
    const query = searched(column.name, kind);
    return {
      id: null,
      modelId,
      jdbcName: column.name,
      jdbcType: column.type,
      comment: column.comment.trim() || english,
      commentEn: english,
      propertyType: kind,
      propertyEntity: null,
      propertyName: propertyOf(column.name),
      isList: kind === 'textarea' ? 0 : 1,
      isForm: 1,
      isRow: kind === 'textarea' ? 1 : 0,
      componentType: COMPONENT_OF_KIND[kind],
      dictCode: null,
      isRequired: !column.nullable && column.defaultValue === null ? 1 : 0,
      isQuery: query ? 1 : 0,
      queryType: query ? defaultSearch(kind) : null,
    };
  });
}
