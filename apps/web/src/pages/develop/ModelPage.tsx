import { modelEntity } from '@alumni/domain';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityPage } from '../../entity/EntityPage';
import type { FieldOverrides } from '../../entity/field-overrides';
import { useCan } from '../../stores/menu-store';
import { ModelDesignDialog } from './ModelDesignDialog';
import { ModelTableInput } from './TableSelect';
import './develop-texts';

const OVERRIDES: FieldOverrides = { modelTable: { input: ModelTableInput } };

/** 数据模型: the generic list and form (the table picked from the data source), with 模型设计 per row. */
export default function ModelPage() {
  const { t } = useTranslation();
  const canDesign = useCan('model_design');
  const canEdit = useCan('model_edit');
  const [designing, setDesigning] = useState<Record<string, unknown> | null>(null);
  return (
    <>
      <EntityPage
        entity={modelEntity}
        fieldOverrides={OVERRIDES}
        rowActions={(row) => canDesign && <Button type="link" size="small" onClick={() => setDesigning({ ...row })}>{t('develop.design')}</Button>}
      />
      {designing && <ModelDesignDialog model={designing} canEditSource={canEdit} onClose={() => setDesigning(null)} />}
    </>
  );
}
