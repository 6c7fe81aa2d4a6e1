import { codeEntity } from '@alumni/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityPage } from '../../entity/EntityPage';
import type { FieldOverrides, FieldWidgetProps } from '../../entity/field-overrides';
import { useCan } from '../../stores/menu-store';
import { CodePreviewDialog } from './CodePreviewDialog';
import { copyCode, fetchModels } from './develop-api';
import './develop-texts';

/** `honourAward` → `honour-award`. */
const kebab = (code: string) => code.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** The setting's model: picked by name; a new setting takes its names, table and paths from it. */
function ModelPicker({ value, onChange, id, disabled, mode }: FieldWidgetProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const models = useQuery({ queryKey: ['develop-models'], queryFn: fetchModels });
  return (
    <Select
      id={id} value={value as string | undefined} disabled={disabled} showSearch loading={models.isFetching} placeholder={t('develop.pickModel')}
      options={(models.data ?? []).map((m) => ({ value: m.id, label: `${m.modelName}（${m.modelCode}）` }))}
      filterOption={(typed, option) => String(option?.label ?? '').toLowerCase().includes(typed.toLowerCase())}
      onChange={(picked: string) => {
        onChange?.(picked);
        const model = models.data?.find((m) => m.id === picked);
        if (!model || mode !== 'add') return;
        const fill = (name: string, v: string) => { if (!form.getFieldValue(name)) form.setFieldValue(name, v); };
        fill('codeName', model.modelName);
        fill('tableName', model.modelTable);
        fill('serviceName', `blade-${kebab(model.modelCode)}`);
        fill('apiPath', `/blade-${model.modelCode}/${model.modelCode}`);
        fill('packageName', kebab(model.modelCode));
        const prefix = /^([a-z]+_)/.exec(model.modelTable)?.[1];
        if (prefix) fill('tablePrefix', prefix);
      }}
    />
  );
}

const OVERRIDES: FieldOverrides = { modelId: { input: ModelPicker } };

/** 代码生成: the settings, with 复制 and 代码生成 (a preview of the files in tabs, downloadable as a zip file). */
export default function CodePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const canGen = useCan('code_gen');
  const canCopy = useCan('code_copy');
  const [previewing, setPreviewing] = useState<string[] | null>(null);
  const copy = async (id: string) => {
    try {
      await copyCode(id);
      message.success(t('develop.copied'));
      void client.invalidateQueries({ queryKey: ['entity', codeEntity.name] });
    } catch {
      // shown as a toast
    }
  };
  return (
    <>
      <EntityPage
        entity={codeEntity}
        fieldOverrides={OVERRIDES}
        toolbarExtra={(selected) => canGen && (
          <Button disabled={selected.length === 0} onClick={() => setPreviewing(selected)}>{t('develop.generate')}</Button>
        )}
        rowActions={(row) => (
          <>
            {canGen && <Button type="link" size="small" onClick={() => setPreviewing([String(row.id)])}>{t('develop.generate')}</Button>}
            {canCopy && <Button type="link" size="small" onClick={() => void copy(String(row.id))}>{t('develop.copy')}</Button>}
          </>
        )}
      />
      {previewing && <CodePreviewDialog ids={previewing} onClose={() => setPreviewing(null)} />}
    </>
  );
}
