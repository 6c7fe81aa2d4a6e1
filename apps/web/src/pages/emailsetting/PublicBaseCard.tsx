import { App, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData, http } from '../../api/http';

/** Where the public base address is read and set (the e-mail settings' own call). */
export const PUBLIC_BASE_URL = '/blade-emailSetting/emailSetting/public-base';

interface PublicBase { publicBaseUrl: string; own: boolean }

/** `http(s)://host[:port][/path]` without a query or fragment (the server checks the same). */
export function isPublicBase(value: string): boolean {
  const text = value.trim();
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    const url = new URL(text);
    return url.search === '' && url.hash === '' && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The public base address links in e-mails and SMS start with (issue 28): shown above the e-mail
 * settings, edited by those who may edit them. Empty, pushes with links are refused.
 */
export function PublicBaseCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ publicBaseUrl: string }>();
  const [current, setCurrent] = useState<PublicBase | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void getData<PublicBase>(PUBLIC_BASE_URL).then((value) => {
      if (!live) return;
      setCurrent(value);
      form.setFieldsValue({ publicBaseUrl: value.publicBaseUrl });
    }, () => undefined);
    return () => { live = false; };
  }, [form]);

  const save = async () => {
    const { publicBaseUrl } = await form.validateFields();
    setBusy(true);
    try {
      const res = await http.put<{ data: PublicBase }>(PUBLIC_BASE_URL, { publicBaseUrl: publicBaseUrl.trim() });
      setCurrent(res.data.data);
      form.setFieldsValue({ publicBaseUrl: res.data.data.publicBaseUrl });
      message.success(t('resource.publicBaseSaved'));
    } finally {
      setBusy(false);
    }
  };

  const base = current?.publicBaseUrl ?? '';
  return (
    <Card size="small" title={t('resource.publicBase')} style={{ marginBottom: 12 }} data-testid="public-base">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('resource.publicBaseHelp')}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('resource.publicBasePortal')}<Typography.Text code copyable={base !== ''} data-user-data>{`${base || 'https://…'}/portal`}</Typography.Text>
      </Typography.Paragraph>
      {current && base === '' && <Typography.Paragraph type="danger" style={{ marginBottom: 8 }}>{t('resource.publicBaseEmpty')}</Typography.Paragraph>}
      {current && !current.own && base !== '' && <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>{t('resource.publicBaseInherited')}</Typography.Paragraph>}
      <Form form={form} layout="inline" onFinish={() => void save().catch(() => undefined)}>
        <Space.Compact style={{ width: '100%', maxWidth: 640 }}>
          <Form.Item
            name="publicBaseUrl" style={{ flex: 1, marginInlineEnd: 0 }}
            rules={[{ validator: async (_, v: string | undefined) => { if (!v || !isPublicBase(v)) throw new Error(t('resource.publicBaseInvalid')); } }]}
          >
            <Input placeholder="https://alumni.example.edu.cn" disabled={!canEdit} aria-label={t('resource.publicBase')} />
          </Form.Item>
          {canEdit && <Button type="primary" htmlType="submit" loading={busy}>{t('resource.publicBaseSave')}</Button>}
        </Space.Compact>
      </Form>
    </Card>
  );
}
