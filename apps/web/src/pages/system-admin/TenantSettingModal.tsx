import { useQuery } from '@tanstack/react-query';
import { App, Form, InputNumber, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { getData, postData } from '../../api/http';
import type { Row } from '../../entity/entity-api';
import { DateInput } from '../../entity/inputs/DateInput';

interface Props {
  /** Which setting is open, for which tenant. */
  open: { kind: 'setting' | 'package'; row: Row } | null;
  onClose: () => void;
  onDone: () => void;
}

interface PackageRow {
  id: string;
  packageName: string;
}

/** The tenant page's licence (quota, expiry) and package dialogs. */
export function TenantSettingModal({ open, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const packages = useQuery({
    queryKey: ['options', 'tenant-packages'],
    enabled: open?.kind === 'package',
    queryFn: () => getData<{ records: PackageRow[] }>('/blade-system/tenant-package/list', { size: 1000 }),
  });
  const row = open?.row;
  const onOk = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    if (open?.kind === 'setting') {
      await postData('/blade-system/tenant/setting', undefined, { ids: String(row?.id), accountNumber: Number(values.accountNumber ?? -1), expireTime: String(values.expireTime ?? '') });
    } else {
      await postData('/blade-system/tenant/package-setting', undefined, { tenantId: String(row?.tenantId), packageId: String(values.packageId ?? '') });
    }
    void message.success(t('crud.opSuccess'));
    onDone();
  };
  const initial = open?.kind === 'setting'
    ? { accountNumber: row?.accountNumber ?? -1, expireTime: row?.expireTime ?? '' }
    : { packageId: row?.packageId ?? undefined };
  return (
    <Modal open={!!open} title={t(open?.kind === 'package' ? 'admin.tenantPackage' : 'admin.tenantSetting')} onCancel={onClose}
      onOk={() => void onOk().catch(() => undefined)} okText={t('crud.ok')} cancelText={t('crud.cancel')} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={initial} preserve={false}>
        {open?.kind === 'setting' ? (
          <>
            <Form.Item name="accountNumber" label={t('admin.accountNumber')}><InputNumber min={-1} precision={0} style={{ width: '100%' }} /></Form.Item>
            <Form.Item name="expireTime" label={t('admin.expireTime')}><DateInput withTime /></Form.Item>
          </>
        ) : (
          <Form.Item name="packageId" label={t('admin.package')}>
            <Select allowClear options={(packages.data?.records ?? []).map((p) => ({ label: p.packageName, value: p.id }))} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
