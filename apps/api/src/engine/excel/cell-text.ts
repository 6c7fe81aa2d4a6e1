import { dictKeys, displayNameKey, englishEntryLabel, filesText, listRows, listText, shippedEntryLabel, type Field, type Lang } from '@alumni/domain';
import { htmlToText } from '../rich-text.js';
import type { JsonRecord } from '../../db/row-mapping.js';

const YES_NO: Readonly<Record<Lang, readonly [string, string]>> = { zh: ['否', '是'], en: ['No', 'Yes'] };

/**
 * A field's value as a person reads it in an exported sheet: dictionary labels (English where the
 * product ships one), referenced names, yes/no, dates as stored; masked values stay masked.
 */
export function cellText(name: string, field: Field, record: JsonRecord, lang: Lang): string | number | null {
  const value = record[name];
  if (value === null || value === undefined || value === '') return null;
  const named = record[displayNameKey(name)];
  switch (field.kind) {
    case 'dict':
      if (field.multiple) {
        // Each key by its name, as the import reads them back (、 or a comma between them).
        return lang === 'en' ? dictKeys(value).map((key) => englishEntryLabel(field.dict, key) ?? key).join(', ')
          : (typeof named === 'string' && named ? named : String(value));
      }
      return (lang === 'en' ? englishEntryLabel(field.dict, String(value)) : undefined) ?? (typeof named === 'string' && named ? named : String(value));
    case 'flag':
      return YES_NO[lang][Number(value) === 1 ? 1 : 0];
    case 'fk':
    case 'ids':
      return typeof named === 'string' && named ? named : String(value);
    case 'integer':
    case 'money':
      return Number(value);
    case 'text':
      return field.ref && typeof named === 'string' && named ? named : String(value);
    case 'textarea':
      // A list's rows one a line (dictionary keys by their labels), files by their links, rich text as its words.
      if (field.items) {
        const columns = field.items.columns;
        return listText(field.items, listRows(value), (c, v) => {
          const column = columns[c];
          return column?.kind === 'dict' ? shippedEntryLabel(column.dict, String(v), lang) ?? String(v) : String(v);
        });
      }
      if (field.files) return filesText(value);
      return field.richText ? htmlToText(String(value)) : String(value);
    case 'date':
    case 'datetime':
      return String(value);
  }
}
