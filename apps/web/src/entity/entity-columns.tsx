import { displayNameKey, viewFields, type EntityDef, type Field, type Lang } from '@alumni/domain';
import type { TableColumnType } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { IdsTreeCell } from './cells/IdsTreeCell';
import { RefCell } from './cells/RefCell';
import type { Row } from './entity-api';

function cell(name: string, field: Field, row: Row, t: TFunction): ReactNode {
  const value = row[name];
  switch (field.kind) {
    case 'flag':
      return value === null || value === undefined ? null : Number(value) === 1 ? t('crud.yes') : t('crud.no');
    case 'dict': {
      const shown = row[displayNameKey(name)];
      return typeof shown === 'string' && shown ? shown : (value as ReactNode);
    }
    case 'fk':
      return field.options ? <RefCell source={field.options} value={value} /> : (value as ReactNode);
    case 'ids':
      return field.options ? <IdsTreeCell source={field.options} value={value} /> : (value as ReactNode);
    case 'text':
    case 'textarea':
    case 'integer':
    case 'date':
    case 'datetime':
      return value === null || value === undefined ? null : String(value);
  }
}

/** Table columns of the fields marked `list` (or the given names, in that order). */
export function entityColumns(entity: EntityDef, lang: Lang, t: TFunction, only?: readonly string[]): TableColumnType<Row>[] {
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
      render: (_: unknown, row: Row) => cell(name, field, row, t),
    }];
  });
}
