import { BASE_FIELDS, englishEntryLabel, entityByName, parseFilesText, parseListText, snake, t, type DictField, type EntityDef, type Field, type Lang } from '@alumni/domain';
import type { Db } from '../../db/database.js';
import type { DictionaryLabels } from '../dictionary-labels.js';
import { importFields } from './import-columns.js';
import type { SheetRow } from './import-sheet.js';

export const VALUE_MSG = {
  notInDictionary: t('“{value}”不是{label}的可选值', '“{value}” is not a choice of {label}'),
  notFound: t('未找到{label}“{value}”', '{label} “{value}” was not found'),
  ambiguous: t('{label}“{value}”有多个同名记录', 'More than one {label} is named “{value}”'),
  badFlag: t('{label}应填写“是”或“否”', '{label} must be 是/yes or 否/no'),
} as const;

const YES = new Set(['是', 'yes', 'y', 'true', '1']);
const NO = new Set(['否', 'no', 'n', 'false', '0']);

/** A referenced row a name may mean, with the values it shares with the importing entity's fields. */
interface Candidate { id: string; shared: Record<string, string> }

const fill = (text: { zh: string; en: string }, lang: Lang, values: Record<string, string>) =>
  text[lang].replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

/**
 * Turns the text of a sheet's cells into the values the entity's form would send: dictionary labels
 * (in either language) into keys, referenced rows' names into ids, 是/否 into 1/0. The lookups are
 * read once per file, for the names the file holds.
 */
export class ImportValues {
  private constructor(
    private readonly fields: [string, Field][],
    private readonly dictionaries: Map<string, Map<string, string>>,
    private readonly references: Map<string, Map<string, Candidate[]>>,
    private readonly lang: Lang,
  ) {}

  /** `fields`: the entity's columns the rows fill (all it imports unless given: a related record's few). */
  static async prepare(db: Db, labels: DictionaryLabels, entity: EntityDef, tenantId: string, rows: SheetRow[], lang: Lang,
    fields: [string, Field][] = importFields(entity)): Promise<ImportValues> {
    const dictionaries = new Map<string, Map<string, string>>();
    const references = new Map<string, Map<string, Candidate[]>>();
    const byTextOf = async (field: DictField) => {
      const byText = new Map<string, string>();
      for (const [key, label] of await labels.labels(field.source, tenantId, field.dict)) {
        byText.set(key, key);
        byText.set(label, key);
        const english = englishEntryLabel(field.dict, key);
        if (english) byText.set(english.toLowerCase(), key);
      }
      return byText;
    };
    for (const [name, field] of fields) {
      if (field.kind === 'dict') {
        dictionaries.set(name, await byTextOf(field));
      } else if (field.kind === 'textarea' && field.items) {
        // A list's dictionary columns are named by their labels in a sheet (`prizes.prizeLevel`).
        for (const [column, columnField] of Object.entries(field.items.columns)) {
          if (columnField.kind === 'dict') dictionaries.set(`${name}.${column}`, await byTextOf(columnField));
        }
      } else if ((field.kind === 'fk' || field.kind === 'ids') && field.ref) {
        const target = entityByName(field.ref);
        const title = field.kind === 'fk' && field.importBy ? field.importBy.field : target.titleField;
        if (!title) continue;
        // Fields the target shares with this entity (a speciality's department and level) tell
        // apart rows of the same name (计算机科学与技术 of 本科, 硕士 and 博士).
        const shared = Object.entries(target.fields)
          .filter(([f, tf]) => f !== name && f in entity.fields && !(f in BASE_FIELDS) && (tf.kind === 'fk' || tf.kind === 'dict'))
          .map(([f]) => f);
        const wanted = [...new Set(rows.flatMap((r) => (r.cells[name] ?? '').split(/[,，、]/).map((s) => s.trim()).filter(Boolean)))];
        const byName = new Map<string, Candidate[]>();
        for (let i = 0; i < wanted.length; i += 500) {
          let query = db.selectFrom(target.table).select(['id', snake(title), ...shared.map(snake)]).where(snake(title), 'in', wanted.slice(i, i + 500)).where('is_deleted', '=', 0);
          if (target.scope === 'tenant') query = query.where('tenant_id', '=', tenantId);
          for (const row of await query.execute()) {
            const key = String(row[snake(title)]);
            const values = Object.fromEntries(shared.map((f) => [f, row[snake(f)] === null ? '' : String(row[snake(f)])]));
            byName.set(key, [...(byName.get(key) ?? []), { id: String(row.id), shared: values }]);
          }
        }
        references.set(name, byName);
      }
    }
    return new ImportValues(fields, dictionaries, references, lang);
  }

  /** The body of one row, and a message per field whose text names nothing. */
  toBody(row: SheetRow): { body: Record<string, unknown>; errors: Record<string, string> } {
    const body: Record<string, unknown> = {};
    const errors: Record<string, string> = {};
    // References last, so the values they are told apart by are already known.
    const isReference = (field: Field) => field.kind === 'fk' || field.kind === 'ids';
    const ordered = [...this.fields.filter(([, f]) => !isReference(f)), ...this.fields.filter(([, f]) => isReference(f))];
    for (const [name, field] of ordered) {
      const text = row.cells[name];
      if (text === undefined) continue;
      const label = (field.kind === 'fk' && field.importBy ? field.importBy.label : field.label)[this.lang];
      const problem = (msg: { zh: string; en: string }, value: string) => { errors[name] = fill(msg, this.lang, { label, value }); };
      switch (field.kind) {
        case 'dict': {
          const keyOf = (part: string) => this.dictionaries.get(name)?.get(part) ?? this.dictionaries.get(name)?.get(part.toLowerCase());
          const parts = field.multiple ? text.split(/[,，、]/).map((s) => s.trim()).filter(Boolean) : [text];
          const keys: string[] = [];
          for (const part of parts) {
            const key = keyOf(part);
            if (key === undefined) problem(VALUE_MSG.notInDictionary, part);
            else keys.push(key);
          }
          if (keys.length === parts.length) body[name] = keys.join(',');
          break;
        }
        case 'flag':
          if (YES.has(text.toLowerCase())) body[name] = 1;
          else if (NO.has(text.toLowerCase())) body[name] = 0;
          else problem(VALUE_MSG.badFlag, text);
          break;
        case 'fk':
        case 'ids': {
          const names = this.references.get(name);
          if (!names) { body[name] = text; break; }
          const found: string[] = [];
          for (const part of text.split(/[,，、]/).map((s) => s.trim()).filter(Boolean)) {
            const matches = narrow(names.get(part) ?? [], body);
            if (matches.length === 0) problem(VALUE_MSG.notFound, part);
            else if (matches.length > 1) problem(VALUE_MSG.ambiguous, part);
            else found.push((matches[0] as Candidate).id);
          }
          if (!errors[name]) body[name] = field.kind === 'fk' ? found[0] : found.join(',');
          break;
        }
        case 'textarea':
          if (field.items) {
            // Rows one a line, cells between |; a dictionary cell by its label or key. The form's checks judge the rest.
            body[name] = parseListText(field.items, text, (column, cell) =>
              this.dictionaries.get(`${name}.${column}`)?.get(cell) ?? this.dictionaries.get(`${name}.${column}`)?.get(cell.toLowerCase()));
          } else body[name] = field.files ? parseFilesText(text) : text;
          break;
        default:
          body[name] = text;
      }
    }
    return { body, errors };
  }
}

/** The candidates that agree with the row on every shared value it gives; all of them when none does. */
function narrow(candidates: Candidate[], body: Record<string, unknown>): Candidate[] {
  if (candidates.length < 2) return candidates;
  const agreeing = candidates.filter((c) => Object.entries(c.shared).every(([f, v]) => body[f] === undefined || String(body[f]) === v));
  return agreeing.length > 0 ? agreeing : candidates;
}
