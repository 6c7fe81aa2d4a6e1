import { valueKind, type EntityDef, type Field } from '@alumni/domain';

/** A submit body or part of one. */
export type Sample = Record<string, unknown>;

let counter = 0;

/** A short token unique within a test run, to keep sample values apart (and unique rules satisfied). */
export const uniqueToken = (): string =>
  `${(counter++).toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/**
 * A valid value of a field from its kind alone. `variant` 1 is used for creates, 2 for updates, so
 * an update always changes what it sends.
 */
export function sampleValue(field: Field, variant: number, token: string): string | number {
  switch (field.kind) {
    case 'text':
      switch (field.check) {
        case 'mobile': return `1390000${String(variant).padStart(4, '0')}`;
        case 'email': return `v${variant}${token}@example.com`.slice(-field.max);
        case 'telephone': return `010-6278000${variant}`;
        case 'idCard': return variant === 1 ? '11010519491231002X' : '110101199003074477';
        // Documentation ranges (RFC 5737), which no test calls from.
        case 'addressRange': return `192.0.2.${variant}`;
        case 'color': return variant === 1 ? '#1677ff' : '#52c41a';
        case undefined: return `v${variant}${token}`.slice(0, field.max);
      }
      break;
    case 'textarea':
      // A list: one row of its columns' samples; files: one uploaded link.
      if (field.items) return JSON.stringify([Object.fromEntries(Object.entries(field.items.columns).map(([c, f]) => [c, sampleValue(f, variant, token)]))]);
      if (field.files) return JSON.stringify([{ link: `/upload/v${variant}${token}.png`, name: `v${variant}.png` }]);
      return `v${variant}${token}`.slice(0, field.max);
    case 'integer': {
      const min = field.min ?? 0;
      const max = field.max ?? 1_000_000;
      return Math.min(max, Math.max(min, min + 10 * variant + 1));
    }
    case 'money':
      return `${100 * variant}.5${variant}`;
    case 'flag':
      return variant % 2 === 1 ? 0 : 1;
    case 'dict':
      if (field.multiple) return variant % 2 === 1 ? String(variant) : `${variant},${variant + 1}`;
      return field.numeric ? variant : String(variant);
    case 'date':
      return `2021-0${variant}-15`;
    case 'datetime':
      return `2021-0${variant}-15 10:20:3${variant}`;
    case 'fk':
      return `10000000000000000${variant}0`;
    case 'ids':
      return `10000000000000000${variant}1,10000000000000000${variant}2`;
  }
}

/** Whether a submit takes this field (create-only fields only on create). */
export const writable = (field: Field, update: boolean): boolean =>
  field.form !== 'hidden' && field.form !== 'readonly' && !(update && field.form === 'create-only');

/** A valid body for every writable field of an entity. */
export function sampleBody(entity: EntityDef, variant: number, token: string, overrides: Sample = {}): Sample {
  const body: Sample = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (writable(field, variant > 1)) body[name] = sampleValue(field, variant, token);
  }
  return { ...body, ...overrides };
}

/** Values of the wrong type (and over-long text) for a field: each must be refused with a 400. */
export function invalidValues(field: Field): { what: string; value: unknown }[] {
  switch (field.kind) {
    case 'text':
    case 'textarea':
      return [{ what: 'an object', value: { a: 1 } }, { what: `text over ${field.max} characters`, value: 'x'.repeat(field.max + 1) }];
    case 'integer':
      return [
        { what: 'letters', value: 'abc' }, { what: 'a fraction', value: 1.5 },
        ...(field.min !== undefined ? [{ what: 'a number below the minimum', value: field.min - 1 }] : []),
        ...(field.max !== undefined ? [{ what: 'a number above the maximum', value: field.max + 1 }] : []),
      ];
    case 'money':
      return [{ what: 'letters', value: 'abc' }, { what: 'three decimals', value: '1.234' }, { what: 'a negative amount', value: -1 },
        ...(field.max !== undefined ? [{ what: 'an amount above the maximum', value: field.max + 1 }] : [])];
    case 'flag':
      return [{ what: 'a number other than 0 and 1', value: 2 }, { what: 'a word', value: 'yes' }];
    case 'dict':
      return [{ what: 'an object', value: { a: 1 } }, { what: 'an over-long key', value: 'k'.repeat(33) },
        ...(field.multiple ? [{ what: 'too many keys', value: Array.from({ length: 40 }, (_, i) => String(i)).join(',') }] : [])];
    case 'fk':
      return [{ what: 'letters', value: 'abc' }, { what: 'an id beyond 64 bits', value: '9999999999999999999' }];
    case 'ids':
      return [{ what: 'letters among the ids', value: '1,abc' }, { what: 'an object', value: { a: 1 } }];
    case 'date':
      return [{ what: 'an impossible date', value: '2021-02-30' }, { what: 'a word', value: 'tomorrow' }];
    case 'datetime':
      return [{ what: 'an ISO timestamp', value: '2021-01-01T00:00:00Z' }, { what: 'an impossible day', value: '2021-02-30 00:00:00' }];
  }
}

/** The query parameters of a field's search, matching a stored value and missing it. */
export function filterParams(name: string, field: Field, stored: string | number | null): { match: Record<string, string>; miss: Record<string, string> } {
  const value = String(stored);
  const miss = `zz${uniqueToken()}`;
  switch (field.search) {
    case 'like': {
      const part = value.length > 2 ? value.slice(1, -1) : value;
      return { match: { [name]: part }, miss: { [name]: miss } };
    }
    case 'equal': {
      const key = field.kind === 'text' || field.kind === 'textarea' ? `${name}_equal` : name;
      return { match: { [key]: value }, miss: { [key]: otherValue(field, stored, miss) } };
    }
    case 'in':
      return { match: { [`${name}_in`]: value }, miss: { [`${name}_in`]: otherValue(field, stored, miss) } };
    case 'range':
      if (field.kind === 'integer' || field.kind === 'money') {
        return {
          match: { [`${name}_ge`]: value, [`${name}_le`]: value },
          miss: { [`${name}_ge`]: String(Number(stored) + 1), [`${name}_le`]: String(Number(stored) + 2) },
        };
      }
      return {
        match: { [`${name}_datege`]: value.slice(0, 10), [`${name}_datele`]: `${value.slice(0, 10)} 23:59:59` },
        miss: { [`${name}_datege`]: '1999-01-01', [`${name}_datele`]: '1999-12-31' },
      };
    default:
      throw new Error(`${name} is not searchable`);
  }
}

/** A value of the field's kind that differs from `stored`. */
function otherValue(field: Field, stored: string | number | null, text: string): string {
  switch (valueKind(field)) {
    case 'integer':
    case 'money':
      return String(Number(stored) + 1);
    case 'flag':
      return String(1 - Number(stored));
    case 'fk':
      return String(BigInt(String(stored)) + 1n);
    case 'date':
      return '1999-01-01';
    case 'datetime':
      return '1999-01-01 00:00:00';
    default:
      return text;
  }
}
