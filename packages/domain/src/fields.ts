import type { SensitiveKind } from './sensitive.js';
import type { Text } from './text.js';
import type { TextCheck } from './validators/field-checks.js';

/**
 * The closed set of field kinds. Every concern (SQL column, zod schema, table cell, search control,
 * form input) maps each kind exhaustively, so a new kind does not compile until all of them handle it.
 */
export type FieldKind = 'text' | 'textarea' | 'integer' | 'money' | 'flag' | 'dict' | 'date' | 'datetime' | 'fk' | 'ids';

/** How a field is searched from the list's search form (and which query parameter it sends). */
export type SearchMode = 'like' | 'equal' | 'in' | 'range';

/** How a field takes part in the add/edit form. */
export type FormMode = 'edit' | 'create-only' | 'readonly' | 'hidden';

/** Where a picker takes its choices from. */
export interface OptionSource {
  /** API path (under /api) answering R with a tree of `{title, value, children}` or a flat list. */
  url: string;
  shape: 'tree' | 'list';
  labelKey?: string;
  valueKey?: string;
  /** Each node is picked on its own (roles, departments): picking a child does not pick its parent. */
  independent?: boolean;
  /**
   * Query parameters taken from other fields of the same form (`{departmentId: 'departmentId'}`):
   * the choices follow those fields, and a choice is cleared when a person changes one of them.
   */
  params?: Record<string, string>;
  /** No choices until every field named in `params` has a value (a city before its province is chosen). */
  paramsRequired?: boolean;
  /** The query parameter that carries what a person types: the choices are searched on the server (alumni). */
  search?: string;
}

interface FieldCommon {
  label: Text;
  required?: boolean;
  /** The message shown when a required field is empty; defaults to 请输入{label}/请选择{label}. */
  requiredMessage?: Text;
  /** When the form checks the rule. */
  trigger?: 'blur' | 'change';
  /** Shown as a table column. */
  list?: boolean;
  search?: SearchMode;
  /** The list may be sorted by this field (ascs/descs). Searchable fields and create time always are. */
  sortable?: boolean;
  form?: FormMode;
  /** Column width in the table, in pixels. */
  width?: number;
  /** Spans both columns of the form. */
  wide?: boolean;
  /**
   * A key or password: answers carry SECRET_MASK instead of the value, the form uses a password
   * input, and an update that sends the mask (or nothing) keeps the stored value.
   */
  secret?: boolean;
  /**
   * With `secret`: stored encrypted at rest under the field keys (the repository seals it on write and
   * opens it on read, for the server's own use); answers still carry SECRET_MASK. No hash is kept, so
   * the field is never searched (a data source's password).
   */
  sealed?: boolean;
  /**
   * Personal data (DOMAIN 1.8): callers without `alumni_sensitive_view` read it masked in every
   * answer and export; a masked value sent back unchanged keeps the stored one.
   */
  sensitive?: SensitiveKind;
}

/** What answers carry in place of a secret field's value. */
export const SECRET_MASK = '******';

export interface TextField extends FieldCommon {
  kind: 'text'; max: number; default?: string;
  /** A shared validator (mobile, e-mail, ID number, telephone) run by the server and by every form. */
  check?: TextCheck;
  /** Holds the link of an uploaded picture: forms upload it, tables and views show it. */
  image?: boolean;
  /** The value is picked from these choices (a region code) rather than typed. */
  options?: OptionSource;
  /**
   * The entity (registry name) whose row the value names by its `detailKey` (a region's code):
   * answers then carry `xxxName`, that row's title.
   */
  ref?: string;
  /** A resident ID number whose holder's birthday and gender it carries (see `IdCardFills`). */
  idCardFills?: IdCardFills;
}
/**
 * The fields an ID number fills while the row's `typeField` is 1 (resident ID): forms fill them as
 * the number is typed, the server sets them on save (`personFromIdCard`).
 */
export interface IdCardFills { typeField: string; birthday: string; gender: string }
/** The usual one: `idType`, `birthday`, `gender`. */
export const ID_CARD_FILLS: IdCardFills = { typeField: 'idType', birthday: 'birthday', gender: 'gender' };
export interface TextareaField extends FieldCommon {
  kind: 'textarea'; max: number; default?: string;
  /**
   * A list of rows (a draw's prizes, a template's variables) kept as JSON text: forms edit it as a
   * table of these columns, views and lists show it as rows, the server checks every row.
   */
  items?: ListSpec;
  /** Uploaded pictures or files kept as the JSON list `[{link, name, size}]` (DOMAIN 1.3 image/file list). */
  files?: FileSpec;
  /** An HTML body: views show it sanitised (never as raw markup), lists and exports its text. */
  richText?: boolean;
}
/** A column of a list field's rows. */
export type ListColumn = TextField | IntegerField | MoneyField | DateField | DictField;
export interface ListSpec {
  columns: Record<string, ListColumn>;
  /** At least this many rows when the field has a value (or is required). */
  min?: number;
  /** At most this many rows. */
  max: number;
}
export interface FileSpec {
  /** Pictures only (jpg, png, gif, webp) or any document as well (pdf, office, zip). */
  accept: 'image' | 'file';
  /** At most this many files. */
  max: number;
  /** The largest file, in megabytes. */
  maxMb: number;
}
/** One uploaded file of a file-list field. */
export interface StoredFile { link: string; name?: string; size?: number; attachId?: string }

/** The MIME types a file-list field takes. */
export const FILE_TYPES: Readonly<Record<FileSpec['accept'], readonly string[]>> = {
  image: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  file: ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf', 'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/zip', 'text/plain'],
};

/** The file-name endings of each file-list kind (a picker's `accept`, and a browser that reports no type). */
export const FILE_ENDINGS: Readonly<Record<FileSpec['accept'], readonly string[]>> = {
  image: ['.jpg', '.jpeg', '.png', '.gif', '.webp'],
  file: ['.jpg', '.jpeg', '.png', '.gif', '.webp', '.pdf', '.doc', '.docx', '.xls', '.xlsx', '.zip', '.txt'],
};

/** What is wrong with a file chosen for a file-list field (its type first), or undefined when it may be uploaded. */
export function fileProblem(spec: FileSpec, file: { name: string; type: string; size: number }): 'type' | 'size' | undefined {
  const ending = file.name.toLowerCase().match(/\.[a-z0-9]+$/)?.[0] ?? '';
  const typed = file.type ? FILE_TYPES[spec.accept].includes(file.type) : FILE_ENDINGS[spec.accept].includes(ending);
  if (!typed) return 'type';
  return file.size <= spec.maxMb * 1024 * 1024 ? undefined : 'size';
}

/** The rows of a list field's stored value (JSON text), or an empty list when it holds none or no list. */
export function listRows(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.filter((r): r is Record<string, unknown> => !!r && typeof r === 'object' && !Array.isArray(r));
  if (typeof value !== 'string' || value.trim() === '') return [];
  try {
    return listRows(JSON.parse(value) as unknown);
  } catch {
    return [];
  }
}

/** The files of a file-list field's stored value: each with a link. */
export const storedFiles = (value: unknown): StoredFile[] =>
  listRows(value).filter((f) => typeof f.link === 'string' && f.link !== '')
    .map((f) => ({ ...f, link: String(f.link), name: typeof f.name === 'string' && f.name ? f.name : fileNameOf(String(f.link)) }));

/** The name a stored link shows: its last path segment, without the query. */
export const fileNameOf = (link: string): string => {
  const last = link.split('?')[0]?.split('/').pop() ?? link;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
};
export interface IntegerField extends FieldCommon { kind: 'integer'; min?: number; max?: number; default?: number; }
/**
 * An amount of money (DOMAIN 1.3 `decimal(money)`): a decimal(14,2) column, carried in JSON as a
 * string with two decimals (`"1200.00"`); numbers are accepted on input.
 */
export interface MoneyField extends FieldCommon { kind: 'money'; min?: number; max?: number; default?: string; }
/** 0/1 yes-no value shown as 否/是. */
export interface FlagField extends FieldCommon { kind: 'flag'; default?: 0 | 1; }
export interface DictField extends FieldCommon {
  kind: 'dict'; dict: string; source: 'system' | 'biz'; default?: string;
  /** Keys are whole numbers (`examineStatus`): stored as an integer column, carried as a JSON number. */
  numeric?: boolean;
  /**
   * Several keys (DOMAIN 1.3 `enum[]`): carried and stored comma-joined (`"1,3"`, at most
   * `MULTIPLE_KEYS_MAX` characters); answers name each key, forms pick several.
   */
  multiple?: boolean;
}

/** The longest comma-joined key list a `multiple` dictionary field holds. */
export const MULTIPLE_KEYS_MAX = 64;

/** The keys of a `multiple` dictionary field's value, in stored order. */
export const dictKeys = (value: unknown): string[] =>
  value === null || value === undefined ? [] : String(value).split(',').map((k) => k.trim()).filter((k) => k !== '');
export interface DateField extends FieldCommon { kind: 'date'; }
export interface DatetimeField extends FieldCommon { kind: 'datetime'; }
/** A reference to another row by id. */
export interface FkField extends FieldCommon {
  kind: 'fk'; options?: OptionSource; default?: string;
  /** The entity (registry name) the id points to: answers then carry `xxxName`, its row's title. */
  ref?: string;
  /**
   * How an import sheet names the referenced row: by this field of it (an alumni code) under this
   * column label, instead of by its title.
   */
  importBy?: { field: string; label: Text };
}
/** Comma-joined ids of other rows. */
export interface IdsField extends FieldCommon {
  kind: 'ids'; options?: OptionSource; ref?: string;
  /**
   * Rows of a list selection take ids into the field or lose them at once (tags):
   * `POST <base>/<field>/add` and `…/remove` with `{ids, values}`, under the entity's edit code.
   */
  bulk?: boolean;
}

export type Field =
  | TextField | TextareaField | IntegerField | MoneyField | FlagField | DictField | DateField | DatetimeField | FkField | IdsField;

type Options<F extends Field> = Omit<F, 'kind' | 'label'>;
type Optional<F extends Field, K extends keyof F> = Omit<Options<F>, K> & Partial<Pick<F, K>>;

export const text = (label: Text, o: Optional<TextField, 'max'> = {}): TextField => ({ kind: 'text', label, max: 255, ...o });
export const textarea = (label: Text, o: Optional<TextareaField, 'max'> = {}): TextareaField =>
  ({ kind: 'textarea', label, max: 2000, wide: true, ...o });
export const integer = (label: Text, o: Options<IntegerField> = {}): IntegerField => ({ kind: 'integer', label, ...o });
export const money = (label: Text, o: Options<MoneyField> = {}): MoneyField => ({ kind: 'money', label, ...o });
export const flag = (label: Text, o: Options<FlagField> = {}): FlagField => ({ kind: 'flag', label, default: 0, ...o });
export const dict = (label: Text, code: string, o: Optional<DictField, 'dict' | 'source'> = {}): DictField =>
  ({ kind: 'dict', label, dict: code, source: 'system', ...o });
export const date = (label: Text, o: Options<DateField> = {}): DateField => ({ kind: 'date', label, ...o });
export const datetime = (label: Text, o: Options<DatetimeField> = {}): DatetimeField => ({ kind: 'datetime', label, ...o });
/** A list of rows with these columns (JSON text), edited as a table. */
export const list = (label: Text, columns: Record<string, ListColumn>, o: Optional<TextareaField, 'max'> & { min?: number; maxRows?: number } = {}): TextareaField => {
  const { min, maxRows = 20, ...rest } = o;
  return { kind: 'textarea', label, max: 4000, wide: true, ...rest, items: { columns, min, max: maxRows } };
};
/** Uploaded pictures or files (JSON text `[{link, name, size}]`). */
export const files = (label: Text, spec: Partial<FileSpec> = {}, o: Optional<TextareaField, 'max'> = {}): TextareaField =>
  ({ kind: 'textarea', label, max: 20_000, wide: true, ...o, files: { accept: 'file', max: 9, maxMb: 10, ...spec } });
export const fk = (label: Text, o: Options<FkField> = {}): FkField => ({ kind: 'fk', label, ...o });
export const ids = (label: Text, o: Options<IdsField> = {}): IdsField => ({ kind: 'ids', label, ...o });

/** Kinds whose input is chosen rather than typed (their required message says 请选择). */
export const isChoiceKind = (kind: FieldKind): boolean =>
  ({ text: false, textarea: false, integer: false, money: false, flag: true, dict: true, date: true, datetime: true, fk: true, ids: true })[kind];

/** Whether a bare-named filter on this kind means "contains" (text) rather than "equals". */
export const isTextKind = (kind: FieldKind): boolean =>
  ({ text: true, textarea: true, integer: false, money: false, flag: false, dict: false, date: false, datetime: false, fk: false, ids: false })[kind];

/** Whether values of this kind are ids carried as strings. */
export const isIdKind = (kind: FieldKind): boolean =>
  ({ text: false, textarea: false, integer: false, money: false, flag: false, dict: false, date: false, datetime: false, fk: true, ids: false })[kind];

/** Whether values of this kind are numbers in JSON. */
export const isNumberKind = (kind: FieldKind): boolean =>
  ({ text: false, textarea: false, integer: true, money: false, flag: true, dict: false, date: false, datetime: false, fk: false, ids: false })[kind];

/** The kind a field's value has in the database and in JSON: a numeric dictionary is an integer. */
export const valueKind = (field: Field): FieldKind => (field.kind === 'dict' && field.numeric ? 'integer' : field.kind);
