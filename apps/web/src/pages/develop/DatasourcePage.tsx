import { DRIVER_CLASSES, datasourceEntity } from '@alumni/domain';
import { App, AutoComplete, Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityPage } from '../../entity/EntityPage';
import type { FieldOverrides, FieldWidgetProps } from '../../entity/field-overrides';
import { useCan } from '../../stores/menu-store';
import { testConnection } from './develop-api';
import './develop-texts';

const DRIVER_OPTIONS = DRIVER_CLASSES.map((value) => ({ value }));

/** The driver class: typed, or one of the classes BladeX stores. */
function DriverInput({ value, onChange, id, disabled }: FieldWidgetProps) {
  return (
    <AutoComplete id={id} value={value as string | undefined} onChange={(v) => onChange?.(v)} disabled={disabled} options={DRIVER_OPTIONS}
      filterOption={(typed, option) => String(option?.value ?? '').toLowerCase().includes(typed.toLowerCase())} allowClear />
  );
}

const OVERRIDES: FieldOverrides = { driverClass: { input: DriverInput } };

/** Tries the settings being edited (the saved password when it is left masked), without saving. */
function TestButton() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const form = Form.useFormInstance();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    setBusy(true);
    try {
      const result = await testConnection({
        id: values.id ?? undefined, driverClass: values.driverClass ?? '', url: values.url ?? '', username: values.username ?? '', password: values.password ?? '',
      });
      message.success(t('develop.connected', { count: result.tables }));
    } catch {
      // the failure's reason is already shown as a toast
    } finally {
      setBusy(false);
    }
  };
  return <div style={{ textAlign: 'right', marginBottom: 12 }}><Button loading={busy} onClick={() => void run()}>{t('develop.testConnection')}</Button></div>;
}

const SECTIONS = [{ key: 'connection', fields: ['name', 'driverClass', 'url', 'username', 'password', 'remark'], after: <TestButton /> }];

/** 数据源管理: the generic list and form, with 测试连接 in the form and on each row (for those who may save one). */
export default function DatasourcePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canAdd = useCan('datasource_add');
  const canEdit = useCan('datasource_edit');
  const canTest = canAdd || canEdit;
  const testSaved = async (id: string) => {
    try {
      const result = await testConnection({ id });
      message.success(t('develop.connected', { count: result.tables }));
    } catch {
      // shown as a toast
    }
  };
  return (
    <EntityPage
      entity={datasourceEntity}
      dialogWidth={860}
      fieldOverrides={OVERRIDES}
      formSections={canTest ? SECTIONS : undefined}
      rowActions={(row) => canTest && <Button type="link" size="small" onClick={() => void testSaved(String(row.id))}>{t('develop.testConnection')}</Button>}
    />
  );
}
