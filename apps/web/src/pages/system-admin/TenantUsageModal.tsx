import type { TenantUsage } from '@alumni/domain';
import { useQuery } from '@tanstack/react-query';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { getData } from '../../api/http';
import { TenantUsageTable } from './TenantUsageTable';

/** The quotas' usage of one tenant (its tenant id given) or of every tenant (null), read when opened. */
export function TenantUsageModal({ tenantId, open, onClose }: { tenantId: string | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const usage = useQuery({
    queryKey: ['tenant-usage', tenantId],
    enabled: open,
    staleTime: 0,
    queryFn: () => getData<TenantUsage[]>('/blade-system/tenant/usage', tenantId ? { tenantId } : undefined),
  });
  return (
    <Modal title={t('admin.tenantUsage')} open={open} onCancel={onClose} footer={null} width={1240} destroyOnHidden>
      <TenantUsageTable usage={usage.data ?? []} loading={usage.isFetching} />
    </Modal>
  );
}
