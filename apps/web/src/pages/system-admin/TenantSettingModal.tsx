import { useQuery } from '@tanstack/react-query';
import { App, Form, InputNumber, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { getData, postData } from '../../api/http';
import type { Row } from '../../entity/entity-api';
import { DateInput } from '../../entity/inputs/DateInput';

interface Props {
  /** Which setting is open, for which tenant. */
  open: { kind: TenantSettingKind; row: Row } | null;
  onClose: () => void;
  onDone: () => void;
}

export type TenantSettingKind = 'setting' | 'package' | 'datasource';

interface PackageRow {
  id: string;
  packageName: string;
}

interface DatasourceRow {
  id: string;
  name: string;
  url?: string;
}

const TITLES: Record<TenantSettingKind, string> = { setting: 'admin.tenantSetting', package: 'admin.tenantPackage', datasource: 'admin.tenantDatasource' };

/** The tenant page's licence (quota, expiry), package and data source (`tenant/datasource`) dialogs. */
export function TenantSettingModal({ open, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const packages = useQuery({
    queryKey: ['options', 'tenant-packages'],
    enabled: open?.kind === 'package',
    queryFn: () => getData<{ records: PackageRow[] }>('/blade-system/tenant-package/list', { size: 1000 }),
  });
  const datasources = useQuery({
    queryKey: ['options', 'datasources'],
    enabled: open?.kind === 'datasource',
    queryFn: () => getData<{ records: DatasourceRow[] }>('/blade-develop/datasource/list', { current: 1, size: 200 }),
  });
  const row = open?.row;
  // The binding as stored now (the list's row may be older than the last change).
  const current = useQuery({
    queryKey: ['tenant-datasource', row?.id],
    enabled: open?.kind === 'datasource',
    staleTime: 0,
    queryFn: () => getData<Row>('/blade-system/tenant/detail', { id: String(row?.id) }),
  });
  const boundSource = current.data?.datasourceId;
  useEffect(() => {
    if (open?.kind === 'datasource' && current.data) form.setFieldsValue({ datasourceId: boundSource || undefined });
  }, [open?.kind, current.data, boundSource, form]);
  const onOk = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    if (open?.kind === 'setting') {
      await postData('/blade-system/tenant/setting', undefined, { ids: String(row?.id), accountNumber: Number(values.accountNumber ?? -1), expireTime: String(values.expireTime ?? '') });
    } else if (open?.kind === 'datasource') {
      await postData('/blade-system/tenant/datasource', undefined, { tenantId: String(row?.tenantId), datasourceId: String(values.datasourceId ?? '') });
    } else {
      await postData('/blade-system/tenant/package-setting', undefined, { tenantId: String(row?.tenantId), packageId: String(values.packageId ?? '') });
    }
    void message.success(t('crud.opSuccess'));
    onDone();
  };
  const initial = open?.kind === 'setting'
    ? { accountNumber: row?.accountNumber ?? -1, expireTime: row?.expireTime ?? '' }
    : open?.kind === 'datasource' ? { datasourceId: row?.datasourceId || undefined } : { packageId: row?.packageId ?? undefined };
  return (
    <Modal open={!!open} title={t(TITLES[open?.kind ?? 'setting'])} onCancel={onClose}
      onOk={() => void onOk().catch(() => undefined)} okText={t('crud.ok')} cancelText={t('crud.cancel')} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={initial} preserve={false}>
        {open?.kind === 'setting' ? (
          <>
            <Form.Item name="accountNumber" label={t('admin.accountNumber')}><InputNumber min={-1} precision={0} style={{ width: '100%' }} /></Form.Item>
            <Form.Item name="expireTime" label={t('admin.expireTime')}><DateInput withTime /></Form.Item>
          </>
        ) : open?.kind === 'datasource' ? (
          <Form.Item name="datasourceId" label={t('admin.datasource')} rules={[{ required: true, message: t('admin.datasourceRequired') }]}>
            <Select showSearch optionFilterProp="label" loading={datasources.isFetching}
              options={(datasources.data?.records ?? []).map((d) => ({ label: d.url ? `${d.name} (${d.url})` : d.name, value: d.id }))} />
          </Form.Item>
        ) : (
          <Form.Item name="packageId" label={t('admin.package')}>
            <Select allowClear options={(packages.data?.records ?? []).map((p) => ({ label: p.packageName, value: p.id }))} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
