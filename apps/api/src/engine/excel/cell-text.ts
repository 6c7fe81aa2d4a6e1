import { dictKeys, displayNameKey, englishEntryLabel, type Field, type Lang } from '@alumni/domain';
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
    case 'date':
    case 'datetime':
      return String(value);
  }
}
