import { tenantEntity } from '@alumni/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../entity/entity-api';
import { EntityPage } from '../../entity/EntityPage';
import { entityKey } from '../../entity/use-entity-list';
import { TenantSettingModal, type TenantSettingKind } from './TenantSettingModal';
import { TenantUsageModal } from './TenantUsageModal';
import { useCan } from './use-can';

/** Tenants, with their licence (account quota, expiry), package and data source settings, and their quotas' usage. */
export default function TenantPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const can = { setting: useCan('tenant_setting'), package: useCan('tenant_package'), datasource: useCan('tenant_datasource') };
  const [open, setOpen] = useState<{ kind: TenantSettingKind; row: Row } | null>(null);
  // The usage of one tenant (its id), of every tenant (null), or closed (undefined).
  const [usageOf, setUsageOf] = useState<string | null | undefined>(undefined);
  return (
    <>
      <EntityPage
        entity={tenantEntity}
        dialogWidth={760}
        toolbarExtra={<Button onClick={() => setUsageOf(null)}>{t('admin.tenantUsageAll')}</Button>}
        rowActions={(row) => (
          <>
            <Button type="link" size="small" onClick={() => setUsageOf(String(row.tenantId))}>{t('admin.tenantUsage')}</Button>
            {can.setting && <Button type="link" size="small" onClick={() => setOpen({ kind: 'setting', row })}>{t('admin.tenantSetting')}</Button>}
            {can.package && <Button type="link" size="small" onClick={() => setOpen({ kind: 'package', row })}>{t('admin.tenantPackage')}</Button>}
            {can.datasource && <Button type="link" size="small" onClick={() => setOpen({ kind: 'datasource', row })}>{t('admin.tenantDatasource')}</Button>}
          </>
        )}
      />
      <TenantUsageModal tenantId={usageOf ?? null} open={usageOf !== undefined} onClose={() => setUsageOf(undefined)} />
      <TenantSettingModal open={open} onClose={() => setOpen(null)} onDone={() => {
        setOpen(null);
        void client.invalidateQueries({ queryKey: entityKey(tenantEntity) });
      }} />
    </>
  );
}
