import { dictKeys, displayNameKey, QUERYABLE_BASE_FIELDS, englishEntryLabel, shippedEntryLabel, viewFields, type EntityDef, type Field, type Lang } from '@alumni/domain';
import type { TableColumnType } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { FilesCell } from './cells/FilesCell';
import { IdsTreeCell } from './cells/IdsTreeCell';
import { ImageCell } from './cells/ImageCell';
import { ListCell } from './cells/ListCell';
import { RefCell } from './cells/RefCell';
import { RichTextCell, richTextWords } from './cells/RichTextCell';
import type { Row } from './entity-api';

/**
 * A field's value as a person reads it: labels of dictionaries, names of references, 是/否; a list's
 * rows, files and rich text in full in a view (`where`), in brief in a table.
 */
export function displayValue(name: string, field: Field, row: Row, t: TFunction, lang: Lang, where: 'list' | 'view' = 'list'): ReactNode {
  const value = row[name];
  switch (field.kind) {
    case 'flag':
      return value === null || value === undefined ? null : Number(value) === 1 ? t('crud.yes') : t('crud.no');
    case 'dict': {
      if (field.multiple) {
        // One tag per key: English names from the dictionary's translation, else the server's names.
        const keys = dictKeys(value);
        const named = String(row[displayNameKey(name)] ?? '').split('、');
        const labels = keys.map((key, i) => (lang === 'en' ? englishEntryLabel(field.dict, key) : undefined) ?? (named.length === keys.length ? named[i] : key));
        return keys.length === 0 ? null : <>{labels.map((label, i) => <span key={keys[i]} className="dict-label">{label}</span>)}</>;
      }
      const english = lang === 'en' && value !== null && value !== undefined ? englishEntryLabel(field.dict, String(value)) : undefined;
      const shown = row[displayNameKey(name)];
      // A call that names no entries (a tree level) still reads as labels: the shipped dictionary's, else the key.
      const shipped = value !== null && value !== undefined ? shippedEntryLabel(field.dict, String(value), lang) : undefined;
      const label = english ?? (typeof shown === 'string' && shown ? shown : shipped ?? value);
      return label === null || label === undefined ? null : <span className="dict-label">{String(label)}</span>;
    }
    case 'fk': {
      // The server names references that declare their entity; others are looked up in their picker's source.
      const named = field.ref ? row[displayNameKey(name)] : undefined;
      if (typeof named === 'string') return named;
      return field.options ? <RefCell source={field.options} value={value} /> : (value as ReactNode);
    }
    case 'ids': {
      // Names the server adds (the alumni a visit named) read as they are; others are looked up in the picker's source.
      const named = field.ref ? row[displayNameKey(name)] : undefined;
      if (typeof named === 'string') return named;
      return field.options ? <IdsTreeCell source={field.options} value={value} /> : (value as ReactNode);
    }
    case 'text': {
      if (field.image) return <ImageCell link={value} alt={field.label[lang]} />;
      // A colour (#RRGGBB) shows as a swatch beside its code.
      if (field.check === 'color' && typeof value === 'string' && value) {
        return <span className="color-cell"><span className="color-swatch" style={{ background: value }} aria-hidden />{value}</span>;
      }
      // A code naming a row (a region) reads as the row's name the server adds.
      const named = field.ref ? row[displayNameKey(name)] : undefined;
      if (typeof named === 'string' && named) return named;
      return value === null || value === undefined ? null : String(value);
    }
    case 'money':
      // ¥1,200.00: the amount as the server keeps it, grouped by thousands.
      return value === null || value === undefined || value === '' ? null : formatMoney(String(value));
    case 'textarea':
      if (field.items) return <ListCell value={value} spec={field.items} lang={lang} compact={where === 'list'} />;
      if (field.files) return <FilesCell value={value} spec={field.files} alt={field.label[lang]} size={where === 'view' ? 72 : 40} />;
      if (field.richText) return where === 'view' ? <RichTextCell value={value} /> : richTextWords(value);
      return value === null || value === undefined ? null : String(value);
    case 'integer':
    case 'date':
    case 'datetime':
      return value === null || value === undefined ? null : String(value);
  }
}

/** An amount with two decimals grouped by thousands, without a currency sign (the currency may be another). */
export function formatMoney(value: string): string {
  const [whole = '0', fraction = '00'] = value.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/** A page's own text of a cell (a shipped dictionary's English name); undefined keeps the usual one. */
export type CellText = (row: Row, lang: Lang) => ReactNode | undefined;

/** Table columns of the fields marked `list` (or the given names, in that order). */
export function entityColumns(entity: EntityDef, lang: Lang, t: TFunction, only?: readonly string[], cells: Readonly<Record<string, CellText>> = {}): TableColumnType<Row>[] {
  const fields = viewFields(entity);
  const names = only ?? Object.keys(fields).filter((n) => fields[n]?.list);
  return names.flatMap((name) => {
    const field = fields[name];
    if (!field) return [];
    return [{
      key: name,
      dataIndex: name,
      title: field.label[lang],
      width: field.width,
      ellipsis: field.kind === 'textarea' || field.kind === 'text',
      render: (_: unknown, row: Row) => cells[name]?.(row, lang) ?? displayValue(name, field, row, t, lang),
    }];
  });
}

/** Kinds whose stored value orders as a person reads it (not an id, a list or a long text). */
const ORDERED_KINDS = new Set(['text', 'integer', 'money', 'date', 'datetime', 'flag', 'dict']);

/**
 * Columns the list may be sorted by: fields shown as columns that declare `sortable` or are
 * searchable (PROTOCOL section 4), of a kind that orders as read, and never a secret or personal
 * data (its order would tell what the mask hides).
 */
export function sortableFields(entity: EntityDef, only?: readonly string[]): string[] {
  const fields = viewFields(entity);
  const names = only ?? Object.keys(fields).filter((n) => fields[n]?.list);
  return names.filter((name) => {
    const field = fields[name];
    return !!field && !field.secret && !field.sensitive && (field.sortable || !!field.search) && ORDERED_KINDS.has(field.kind)
      && (name in entity.fields || (QUERYABLE_BASE_FIELDS as readonly string[]).includes(name));
  });
}

/** Marks the sortable columns, with the list's current sort shown on its column. */
export function sortedColumns(columns: TableColumnType<Row>[], sortable: readonly string[], sort: { field: string; desc: boolean } | null): TableColumnType<Row>[] {
  return columns.map((column) => (sortable.includes(String(column.key))
    ? { ...column, sorter: true, sortOrder: sort && sort.field === column.key ? (sort.desc ? 'descend' : 'ascend') : null }
    : column));
}
