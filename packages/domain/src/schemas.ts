import { z } from 'zod';
import type { EntityDef } from './entity.js';
import { dictKeys, isChoiceKind, MULTIPLE_KEYS_MAX, type Field, type FileSpec, type ListSpec } from './fields.js';
import { MSG } from './messages.js';
import { looksMasked } from './sensitive.js';
import { checkProblem } from './validators/field-checks.js';
import { fill, type Lang, type Text } from './text.js';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
/** An amount: digits with at most two decimals (no sign: amounts of money are never negative here). */
export const MONEY_RE = /^\d{1,12}(\.\d{1,2})?$/;
const DATETIME_RE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
export const ID_RE = /^\d{1,19}$/;
const MAX_ID = 9223372036854775807n;
/** Digits that fit the 64-bit id columns (19 digits alone would overflow PostgreSQL's bigint). */
export const isId = (s: string): boolean => ID_RE.test(s) && BigInt(s) <= MAX_ID;

const say = (text: Text, lang: Lang, values: Record<string, string | number>) => fill(text[lang], values);

/** True for a value a form leaves empty. */
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Whether the `yyyy-MM-dd` that `s` starts with is a day of the calendar (not 2024-02-30). */
export function validCalendarDate(s: string): boolean {
  const d = new Date(`${s.slice(0, 10)}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s.slice(0, 10);
}

/** The schema of one field's non-empty value, normalised to what the database stores. */
function valueSchema(field: Field, lang: Lang): z.ZodType<string | number> {
  const label = field.label[lang];
  const msg = (text: Text, extra: Record<string, string | number> = {}) => say(text, lang, { label, ...extra });
  switch (field.kind) {
    case 'text':
    case 'textarea': {
      const text = z
        .union([z.string(), z.number()], { error: msg(MSG.badText) })
        .transform((v) => String(v).trim())
        .pipe(z.string().max(field.max, { error: msg(MSG.tooLong, { max: field.max }) }));
      if (field.kind === 'textarea' && field.items) return listSchema(field.items, field.max, lang, label);
      if (field.kind === 'textarea' && field.files) return filesSchema(field.files, field.max, lang, label);
      const check = field.kind === 'text' ? field.check : undefined;
      if (!check) return text;
      return text.superRefine((value, ctx) => {
        const problem = value === '' ? undefined : checkProblem(check, value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem[lang] });
      });
    }
    case 'integer': {
      const min = field.min ?? -2147483648;
      const max = field.max ?? 2147483647;
      return z.union([z.number(), z.string()], { error: msg(MSG.notInteger) })
        .transform((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v))
        .pipe(z.number({ error: msg(MSG.notInteger) }).int({ error: msg(MSG.notInteger) })
          .min(min, { error: msg(MSG.tooSmall, { min }) })
          .max(max, { error: msg(MSG.tooLarge, { max }) }));
    }
    case 'money': {
      const min = field.min ?? 0;
      const max = field.max ?? 999999999999.99;
      return z.union([z.number(), z.string()], { error: msg(MSG.badMoney) })
        .transform((v) => String(v).trim().replace(/,/g, ''))
        .refine((v) => MONEY_RE.test(v), { error: msg(MSG.badMoney) })
        .transform(Number)
        .pipe(z.number().min(min, { error: msg(MSG.tooSmall, { min }) }).max(max, { error: msg(MSG.tooLarge, { max }) }))
        .transform((n) => n.toFixed(2));
    }
    case 'flag':
      return z.union([z.number(), z.string()], { error: msg(MSG.badFlag) })
        .transform(Number)
        .pipe(z.union([z.literal(0), z.literal(1)], { error: msg(MSG.badFlag) }));
    case 'dict':
      if (field.numeric) {
        return z.union([z.number(), z.string()], { error: msg(MSG.badText) })
          .transform((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v))
          .pipe(z.number({ error: msg(MSG.badText) }).int({ error: msg(MSG.badText) })
            .min(-2147483648, { error: msg(MSG.badText) }).max(2147483647, { error: msg(MSG.badText) }));
      }
      if (field.multiple) {
        // A list of keys, or the keys comma-joined; each key once, in the order given.
        return z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))], { error: msg(MSG.badText) })
          .transform((v) => [...new Set(dictKeys(Array.isArray(v) ? v.join(',') : v))])
          .pipe(z.array(z.string().max(32, { error: msg(MSG.tooLong, { max: 32 }) })))
          .transform((keys) => keys.join(','))
          .pipe(z.string().max(MULTIPLE_KEYS_MAX, { error: msg(MSG.tooLong, { max: MULTIPLE_KEYS_MAX }) }));
      }
      return z.union([z.string(), z.number()], { error: msg(MSG.badText) })
        .transform((v) => String(v).trim())
        .pipe(z.string().max(32, { error: msg(MSG.tooLong, { max: 32 }) }));
    case 'fk':
      return z.union([z.string(), z.number()], { error: msg(MSG.badId) })
        .transform((v) => String(v).trim())
        .pipe(z.string().refine(isId, { error: msg(MSG.badId) }));
    case 'ids':
      return z.union([z.string(), z.array(z.union([z.string(), z.number()]))], { error: msg(MSG.badId) })
        .transform((v) => (Array.isArray(v) ? v.map(String) : v.split(',')).map((s) => s.trim()).filter(Boolean))
        .pipe(z.array(z.string().refine(isId, { error: msg(MSG.badId) })).max(500, { error: msg(MSG.tooLong, { max: 500 }) }))
        .transform((list) => [...new Set(list)].join(','));
    case 'date':
      return z.string({ error: msg(MSG.badDate) }).trim()
        .transform((s) => s.slice(0, 10))
        .refine((s) => DATE_RE.test(s) && validCalendarDate(s), { error: msg(MSG.badDate) });
    case 'datetime':
      return z.string({ error: msg(MSG.badDate) }).trim()
        .refine((s) => DATETIME_RE.test(s) && validCalendarDate(s), { error: msg(MSG.badDate) });
  }
}

/** A list or its JSON text, read as the list (undefined when it is neither). */
function asList(v: unknown): unknown[] | undefined {
  if (Array.isArray(v)) return v;
  if (typeof v !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(v);
    return Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * A list field (`items`): JSON text or a list of rows, each row an object whose columns pass their
 * own field's checks; stored as JSON text of the columns only, in declared order.
 */
function listSchema(spec: ListSpec, max: number, lang: Lang, label: string): z.ZodType<string> {
  const columns = Object.entries(spec.columns);
  return z.unknown().transform((v, ctx) => {
    const rows = asList(v);
    if (!rows || rows.some((r) => !isRecord(r))) {
      ctx.addIssue({ code: 'custom', message: say(MSG.badList, lang, { label }) });
      return z.NEVER;
    }
    const min = spec.min ?? 0;
    if (rows.length < min || rows.length > spec.max) {
      ctx.addIssue({ code: 'custom', message: say(MSG.listSize, lang, { label, min, max: spec.max }) });
      return z.NEVER;
    }
    const out: Record<string, string | number | null>[] = [];
    for (const [i, row] of (rows as Record<string, unknown>[]).entries()) {
      const kept: Record<string, string | number | null> = {};
      for (const [name, column] of columns) {
        const raw = row[name];
        const problem = (text: string) => ctx.addIssue({ code: 'custom', message: say(MSG.listCell, lang, { label, row: i + 1, problem: text }) });
        if (blank(raw)) {
          if (column.required) {
            problem(requiredMessage(column, lang));
            return z.NEVER;
          }
          kept[name] = null;
          continue;
        }
        const parsed = valueSchema(column, lang).safeParse(raw);
        if (!parsed.success) {
          problem(parsed.error.issues[0]?.message ?? say(MSG.badText, lang, { label: column.label[lang] }));
          return z.NEVER;
        }
        kept[name] = parsed.data;
      }
      out.push(kept);
    }
    const json = JSON.stringify(out);
    if (json.length > max) {
      ctx.addIssue({ code: 'custom', message: say(MSG.tooLong, lang, { label, max }) });
      return z.NEVER;
    }
    return json;
  });
}

/** A file list (`files`): JSON text or a list of `{link, name?, size?}`, at most `spec.max` of them. */
function filesSchema(spec: FileSpec, max: number, lang: Lang, label: string): z.ZodType<string> {
  return z.unknown().transform((v, ctx) => {
    const list = asList(v);
    const valid = list?.every((f) => isRecord(f) && typeof f.link === 'string' && f.link.trim() !== ''
      && (f.name === undefined || f.name === null || typeof f.name === 'string')
      && (f.size === undefined || f.size === null || (typeof f.size === 'number' && f.size >= 0)));
    if (!list || !valid) {
      ctx.addIssue({ code: 'custom', message: say(MSG.badFiles, lang, { label }) });
      return z.NEVER;
    }
    if (list.length > spec.max) {
      ctx.addIssue({ code: 'custom', message: say(MSG.tooManyFiles, lang, { label, max: spec.max }) });
      return z.NEVER;
    }
    const json = JSON.stringify((list as Record<string, unknown>[]).map((f) => ({
      link: String(f.link).trim(),
      ...(typeof f.name === 'string' && f.name ? { name: f.name } : {}),
      ...(typeof f.size === 'number' ? { size: f.size } : {}),
      ...(typeof f.attachId === 'string' || typeof f.attachId === 'number' ? { attachId: String(f.attachId) } : {}),
    })));
    if (json.length > max) {
      ctx.addIssue({ code: 'custom', message: say(MSG.tooLong, lang, { label, max }) });
      return z.NEVER;
    }
    return json;
  });
}

/** True for an empty value of a field: a list or file field's empty list too. */
const emptyOf = (field: Field, v: unknown): boolean =>
  blank(v) || (field.kind === 'textarea' && !!(field.items || field.files) && asList(v)?.length === 0);

export function requiredMessage(field: Field, lang: Lang): string {
  if (field.requiredMessage) return field.requiredMessage[lang];
  return say(isChoiceKind(field.kind) ? MSG.requiredChoice : MSG.required, lang, { label: field.label[lang] });
}

export type SubmitValues = Record<string, string | number | null>;

export interface SubmitParse {
  ok: boolean;
  /** The id when the body names one (an update). */
  id: string | null;
  /** The writable fields present in the body, normalised; empty inputs become null. */
  values: SubmitValues;
  /** field → message, for the form to mark. */
  errors: Record<string, string>;
}

const idSchema = z.union([z.string(), z.number()]).transform((v) => String(v).trim()).pipe(z.string().refine(isId));

const cache = new WeakMap<EntityDef, Map<string, z.ZodType>>();

/** The zod schema of a field as submitted (empty allowed; `required` is checked by `parseSubmit`). */
export function fieldSchema(entity: EntityDef, name: string, lang: Lang): z.ZodType {
  let perEntity = cache.get(entity);
  if (!perEntity) cache.set(entity, (perEntity = new Map()));
  const key = `${name}:${lang}`;
  let schema = perEntity.get(key);
  if (!schema) {
    const field = entity.fields[name];
    if (!field) throw new Error(`${entity.name} has no field ${name}`);
    schema = valueSchema(field, lang);
    perEntity.set(key, schema);
  }
  return schema;
}

/**
 * Reads a submit body: `id` present means update. Fields that are hidden from forms are not taken;
 * on create every required field must be filled, on update a present required field may not be emptied.
 */
export function parseSubmit(entity: EntityDef, body: unknown, lang: Lang): SubmitParse {
  const errors: Record<string, string> = {};
  const values: SubmitValues = {};
  const input = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  let id: string | null = null;
  if (!blank(input.id)) {
    const parsed = idSchema.safeParse(input.id);
    if (parsed.success) id = parsed.data;
    else errors.id = say(MSG.badId, lang, { label: 'id' });
  }
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.form === 'hidden' || field.form === 'readonly') continue;
    if (id && field.form === 'create-only') continue;
    const raw = input[name];
    if (raw === undefined && id) continue;
    if (emptyOf(field, raw)) {
      // A secret left empty on update keeps its stored value (the form never shows it).
      if (field.required && !(id && field.secret)) errors[name] = requiredMessage(field, lang);
      else values[name] = raw === undefined ? defaultOf(field) : null;
      continue;
    }
    // An edit form filled from masked data sends the mask back: the server keeps the stored value.
    if (id && field.sensitive && looksMasked(field.sensitive, raw)) {
      values[name] = raw.trim();
      continue;
    }
    const parsed = fieldSchema(entity, name, lang).safeParse(raw);
    if (parsed.success) values[name] = parsed.data as string | number;
    else errors[name] = parsed.error.issues[0]?.message ?? say(MSG.badText, lang, { label: field.label[lang] });
  }
  return { ok: Object.keys(errors).length === 0, id, values, errors };
}

/** The values an add form starts with: each field's declared default (imports and server-made rows take them too). */
export const formDefaults = (entity: EntityDef): Record<string, string | number> =>
  Object.fromEntries(Object.entries(entity.fields).flatMap(([name, field]) => {
    const value = defaultOf(field);
    return value === null ? [] : [[name, value]];
  }));

function defaultOf(field: Field): string | number | null {
  return 'default' in field && field.default !== undefined ? field.default : null;
}

/** The JSON Schema of an entity's submit body, for the API documentation. */
export function submitJsonSchema(entity: EntityDef): Record<string, unknown> {
  const properties: Record<string, unknown> = { id: { type: 'string', description: 'absent = create' } };
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.form === 'hidden' || field.form === 'readonly') continue;
    properties[name] = { ...jsonTypeOf(field), description: `${field.label.zh} / ${field.label.en}` };
  }
  const required = Object.entries(entity.fields).filter(([, f]) => f.required).map(([n]) => n);
  return { type: 'object', properties, required };
}

function jsonTypeOf(field: Field): Record<string, unknown> {
  switch (field.kind) {
    case 'text':
    case 'textarea':
      return { type: 'string', maxLength: field.max };
    case 'integer':
      return { type: 'integer', minimum: field.min, maximum: field.max };
    case 'money':
      return { type: 'string', pattern: MONEY_RE.source, description: 'amount with two decimals, e.g. "1200.00"; numbers are accepted' };
    case 'flag':
      return { type: 'integer', enum: [0, 1] };
    case 'dict':
      if (field.multiple) return { type: 'string', description: `comma-joined keys of dictionary ${field.dict}; a list of keys is accepted` };
      return field.numeric ? { type: 'integer', description: `dictionary ${field.dict}` } : { type: 'string', description: `dictionary ${field.dict}` };
    case 'fk':
      return { type: 'string', pattern: ID_RE.source };
    case 'ids':
      return { type: 'string', description: 'comma-joined ids' };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'datetime':
      return { type: 'string', description: 'yyyy-MM-dd HH:mm:ss' };
  }
}
