import { AUDIT_MASK, BASE_FIELDS, dictKeys, type AuditAction, type AuditDiff, type AuditValue, type DictField, type EntityDef, type Field } from '@alumni/domain';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RefCell } from '../cells/RefCell';
import { asLang } from '../field-text';
import { optionTitles, useDictOptions } from '../use-options';

/** A field's label in the interface's language: the entity's own fields, then the base columns. */
export function fieldLabelOf(entity: EntityDef | undefined, name: string, lang: 'zh' | 'en'): string {
  const field = entity?.fields[name] ?? BASE_FIELDS[name as keyof typeof BASE_FIELDS];
  return field ? field.label[lang] : name;
}

/** A dictionary value by its entries' labels (several keys joined). */
function DictText({ field, value }: { field: DictField; value: AuditValue }) {
  const { i18n } = useTranslation();
  const titles = optionTitles(useDictOptions(field, asLang(i18n.language)).data);
  const keys = field.multiple ? dictKeys(value) : [String(value)];
  return <span className="dict-label">{keys.map((key) => titles.get(key) ?? key).join('、')}</span>;
}

/** A value as the audit kept it, read as a person reads the field: labels of dictionaries, 是/否, names of picked rows. */
function ValueText({ field, value }: { field: Field | undefined; value: AuditValue }) {
  const { t } = useTranslation();
  if (value === null) return null;
  if (!field || value === AUDIT_MASK) return <>{String(value)}</>;
  switch (field.kind) {
    case 'flag':
      return <>{Number(value) === 1 ? t('crud.yes') : t('crud.no')}</>;
    case 'dict':
      return <DictText field={field} value={value} />;
    case 'fk':
      // A picker that lists its choices names the row; one searched on the server (alumni) shows the id.
      return field.options && !field.options.search ? <RefCell source={field.options} value={value} /> : <>{String(value)}</>;
    default:
      return <>{String(value)}</>;
  }
}

/** A removal's change, the delete flag, reads as 否 → 是. */
const DELETE_FLAG: Field = { kind: 'flag', label: BASE_FIELDS.isDeleted.label };

interface ChangeRow { key: string; label: string; before: AuditValue; after: AuditValue; field: Field | undefined }

/**
 * The fields one write changed, with their labels in the interface's language and their values
 * before and after (a new record shows what it was given, a removed one what it held). Values are
 * user data, masked by the server where secret or personal.
 */
export function AuditChanges({ entity, diff, action }: { entity: EntityDef | undefined; diff: AuditDiff; action: AuditAction }) {
  const { t, i18n } = useTranslation();
  const lang = asLang(i18n.language);
  const rows: ChangeRow[] = Object.entries(diff).map(([name, [before, after]]) => ({
    key: name, label: fieldLabelOf(entity, name, lang), before, after, field: entity?.fields[name] ?? (name === 'isDeleted' ? DELETE_FLAG : undefined),
  }));
  if (rows.length === 0) return <Typography.Text type="secondary">{t('audit.noChanges')}</Typography.Text>;
  const value = (which: 'before' | 'after') => ({
    key: which, title: t(`audit.${which}`), ellipsis: true,
    render: (_: unknown, row: ChangeRow) => <ValueText field={row.field} value={row[which]} />,
  });
  return (
    <Table<ChangeRow>
      className="audit-changes"
      size="small"
      pagination={false}
      rowKey="key"
      dataSource={rows}
      columns={[
        { key: 'field', title: t('audit.field'), dataIndex: 'label', width: 140 },
        ...(action === 'create' ? [] : [value('before')]),
        ...(action === 'delete' ? [] : [value('after')]),
      ]}
    />
  );
}
