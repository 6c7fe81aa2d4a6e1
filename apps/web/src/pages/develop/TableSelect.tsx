import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldWidgetProps } from '../../entity/field-overrides';
import { fetchTables } from './develop-api';

/** `alumni_award` → `award`: the table's name without its prefix, camelCased, as a model code. */
export const codeOfTable = (table: string): string => {
  const stem = table.toLowerCase().replace(/^(blade|alumni|sys|t|tb)_/, '');
  return stem.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()).replace(/^[^a-z]+/, '') || 'model';
};

/** A table of a data source, with its comment: the choices follow the data source chosen beside it. */
export function SourceTableSelect({ datasourceId, value, onChange, id, disabled, onPicked }: {
  datasourceId: string | undefined; value?: string; onChange?: (value: string) => void; id?: string; disabled?: boolean;
  onPicked?: (table: { name: string; comment: string }) => void;
}) {
  const { t } = useTranslation();
  const tables = useQuery({ queryKey: ['develop-tables', datasourceId], queryFn: () => fetchTables(datasourceId as string), enabled: !!datasourceId, retry: false });
  return (
    <Select
      id={id} value={value} disabled={disabled || !datasourceId} showSearch loading={tables.isFetching} placeholder={t('develop.pickTable')}
      options={(tables.data ?? []).map((tb) => ({ value: tb.name, label: tb.comment ? `${tb.name}（${tb.comment}）` : tb.name }))}
      filterOption={(typed, option) => String(option?.label ?? '').toLowerCase().includes(typed.toLowerCase())}
      onChange={(name: string) => {
        onChange?.(name);
        const table = tables.data?.find((tb) => tb.name === name);
        if (table) onPicked?.(table);
      }}
    />
  );
}

/** The model form's table: picked from the chosen data source; a new model takes its code and name from it. */
export function ModelTableInput({ value, onChange, id, disabled, mode }: FieldWidgetProps) {
  const form = Form.useFormInstance();
  const datasourceId = Form.useWatch('datasourceId', form) as string | undefined;
  return (
    <SourceTableSelect
      id={id} value={value as string | undefined} onChange={onChange} disabled={disabled} datasourceId={datasourceId}
      onPicked={(table) => {
        if (mode !== 'add') return;
        if (!form.getFieldValue('modelCode')) form.setFieldValue('modelCode', codeOfTable(table.name));
        if (!form.getFieldValue('modelName')) form.setFieldValue('modelName', table.comment || table.name);
      }}
    />
  );
}
