import {
  BASE_FIELDS, DEVELOP_MSG, FIELD_KINDS, snake, t,
  type FieldKind, type SearchMode, type Text,
} from '@alumni/domain';
import { badRequest } from '../../../core/errors.js';
import type { JsonRecord } from '../../../db/row-mapping.js';
import { kindOfColumn } from '../column-kinds.js';
import { CODE_RE } from '../model-hooks.js';

/** A dictionary's code and where it lives (`system` dictionaries or the tenants' business ones). */
export interface DictionaryPlace {
  code: string;
  source: 'system' | 'biz';
  /** Not found in either: a business dictionary the tenants are to create. */
  missing: boolean;
}

/** An option of a field helper, as it is written: `required: true`, `max: 64`, `search: 'like'`. */
export type OptionValue = string | number | boolean;

/** One field of the generated definition. */
export interface FieldPlan {
  name: string;
  kind: FieldKind;
  label: Text;
  /** The column the table gets (`snake(name)`), and the source column it was designed from. */
  column: string;
  jdbcName: string;
  dict?: DictionaryPlace;
  /** An entity of the registry an id field names (display names, and the reference checked by hooks). */
  ref?: { entity: string; table: string; tenant: boolean; label: Text };
  options: [string, OptionValue][];
}

/** The searches each kind keeps working with (the first is its default). */
const SEARCHES: Readonly<Record<FieldKind, readonly SearchMode[]>> = {
  text: ['like', 'equal'], textarea: ['like', 'equal'], integer: ['range', 'equal'], money: ['range', 'equal'], flag: ['equal'],
  dict: ['equal', 'in'], date: ['range'], datetime: ['range'], fk: ['equal'], ids: [],
};

/** BladeX's ways of searching (`query_type`) in this product's words. */
const BLADEX_SEARCH: Readonly<Record<string, SearchMode>> = {
  like: 'like', notlike: 'like', likeleft: 'like', likeright: 'like', equal: 'equal', notequal: 'equal', eq: 'equal', ne: 'equal',
  in: 'in', notin: 'in', between: 'range', range: 'range', gt: 'range', ge: 'range', lt: 'range', le: 'range',
};

/** A field's kind from what its prototype holds: this product's kind, or BladeX's component and Java type, or the column. */
export function kindOfPrototype(p: JsonRecord): FieldKind | null {
  const type = String(p.propertyType ?? '').trim();
  if ((FIELD_KINDS as readonly string[]).includes(type)) return type as FieldKind;
  const component = String(p.componentType ?? '').trim().toLowerCase();
  const java = type.slice(type.lastIndexOf('.') + 1).toLowerCase();
  const name = String(p.propertyName ?? '');
  if (['textarea', 'editor', 'ueditor', 'richtext'].includes(component)) return 'textarea';
  if (['select', 'radio', 'checkbox'].includes(component) && String(p.dictCode ?? '').trim() !== '') return 'dict';
  if (component === 'switch' || java === 'boolean') return 'flag';
  if (component === 'date' || java === 'localdate') return 'date';
  if (component === 'datetime' || ['date', 'localdatetime', 'timestamp'].includes(java)) return 'datetime';
  if (['long', 'integer', 'int', 'short', 'byte'].includes(java)) return java === 'long' && /Id$/.test(name) ? 'fk' : 'integer';
  if (['bigdecimal', 'double', 'float'].includes(java)) return 'money';
  if (java === 'string') return 'text';
  if (type === '' && p.jdbcType) return kindOfColumn({ name: String(p.jdbcName ?? ''), type: String(p.jdbcType), length: lengthOf(p) });
  if (type === '') return 'text';
  return null;
}

/** The character length a column type carries (`varchar(64)` → 64). */
export function lengthOf(p: JsonRecord): number | null {
  const found = /\((\d+)\)/.exec(String(p.jdbcType ?? ''));
  return found ? Number(found[1]) : null;
}

/** `awardName` → `Award name`. */
export const wordsOf = (property: string): string => {
  const text = property.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

const isIntegerColumn = (p: JsonRecord) => kindOfColumn({ name: 'x', type: String(p.jdbcType ?? ''), length: null }) === 'integer';

/** What a prototype becomes: its field, or null when the engine supplies it (a base column); notes say what changed. */
export function planField(
  p: JsonRecord,
  places: { dictionary(code: string): DictionaryPlace; reference(entity: string): FieldPlan['ref'] | undefined },
  notes: Text[],
): FieldPlan | null {
  const name = String(p.propertyName ?? '');
  const jdbcName = String(p.jdbcName ?? '');
  if (name in BASE_FIELDS || name === 'tenantId') {
    notes.push(t(`列 ${jdbcName} 是基础列，由引擎提供，未生成字段`, `The column ${jdbcName} is a base column the engine supplies: no field is made`));
    return null;
  }
  if (!CODE_RE.test(name)) throw badRequest(DEVELOP_MSG.badCode, { label: `${jdbcName} → ${name}` });
  let kind = kindOfPrototype(p);
  if (!kind) throw badRequest(DEVELOP_MSG.badKind, { name, kind: String(p.propertyType) });
  const length = lengthOf(p);
  if (kind === 'text' && (length ?? 0) > 2000) {
    kind = 'textarea';
    notes.push(t(`${name} 长度超过 2000，生成为多行文本`, `${name} is longer than 2000 characters: made a long text`));
  }
  const zh = String(p.comment ?? '').trim();
  const en = String(p.commentEn ?? '').trim() || wordsOf(name);
  const label = { zh: zh || en, en };
  const options: [string, OptionValue][] = [];
  const form = Number(p.isForm ?? 1) === 1;
  if (Number(p.isRequired ?? 0) === 1 && form) options.push(['required', true]);
  let dictionary: DictionaryPlace | undefined;
  let ref: FieldPlan['ref'];
  switch (kind) {
    case 'text': {
      const max = length ?? 255;
      options.push(['max', max]);
      if (/email/i.test(name) && max >= 20) options.push(['check', 'email']);
      else if (/mobile/i.test(name) && max >= 11) options.push(['check', 'mobile']);
      break;
    }
    case 'textarea':
      options.push(['max', length !== null && length >= 10 && length <= 2000 ? length : 2000]);
      break;
    case 'dict': {
      const code = String(p.dictCode ?? '').trim();
      if (!code) throw badRequest(DEVELOP_MSG.dictNeeded, { name });
      dictionary = places.dictionary(code);
      if (dictionary.missing) {
        notes.push(t(`字典 ${code} 不存在，按业务字典生成，请在业务字典中建立它`, `There is no dictionary ${code}: it is made a business dictionary, to be created among the business dictionaries`));
      }
      if (dictionary.source === 'biz') options.push(['source', 'biz']);
      if (isIntegerColumn(p)) options.push(['numeric', true]);
      break;
    }
    case 'fk': {
      const entity = String(p.propertyEntity ?? '').trim();
      ref = entity ? places.reference(entity) : undefined;
      if (ref) options.push(['ref', ref.entity]);
      else if (entity) notes.push(t(`${name} 关联的实体 ${entity} 不存在，未生成关联`, `${name} names no entity ${entity}: no reference is made`));
      break;
    }
    default:
      break;
  }
  if (Number(p.isList ?? 0) === 1) options.push(['list', true]);
  if (Number(p.isQuery ?? 0) === 1) {
    const allowed = SEARCHES[kind];
    const asked = BLADEX_SEARCH[String(p.queryType ?? '').trim().toLowerCase()];
    const search = asked && allowed.includes(asked) ? asked : allowed[0];
    if (!search) notes.push(t(`${name} 的类型不能作为查询条件，未生成查询`, `${name} cannot be searched by its kind: no search is made`));
    else {
      if (asked && asked !== search) notes.push(t(`${name} 的查询方式改为 ${search}`, `${name} is searched by ${search} instead`));
      options.push(['search', search]);
    }
  }
  if (!form) options.push(['form', 'hidden']);
  const row = Number(p.isRow ?? 0) === 1;
  // A long text spans the form by default.
  if (kind === 'textarea' && !row) options.push(['wide', false]);
  else if (kind !== 'textarea' && row) options.push(['wide', true]);
  const column = snake(name);
  if (column !== jdbcName.toLowerCase()) {
    notes.push(t(`列 ${jdbcName} 在本系统的表中为 ${column}`, `The column ${jdbcName} is ${column} in this product's table`));
  }
  return { name, kind, label, column, jdbcName, ...(dictionary ? { dict: dictionary } : {}), ...(ref ? { ref } : {}), options };
}
