import { RESOURCE_PATHS, isEmail } from '@alumni/domain';
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';

/** Asks for a recipient and sends a test mail through one e-mail setting. */
export function MailTestDialog({ settingId, onClose }: { settingId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ to: string }>();
  const [busy, setBusy] = useState(false);

  const send = async () => {
    const { to } = await form.validateFields();
    setBusy(true);
    try {
      await http.post(RESOURCE_PATHS.emailTest, { id: settingId, to });
      message.success(t('resource.mailSent'));
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title={t('resource.mailTest')} okText={t('resource.send')} confirmLoading={busy} onOk={() => void send().catch(() => undefined)} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical">
        <Form.Item name="to" label={t('resource.mailTo')} rules={[{ required: true, validator: async (_, v: string | undefined) => { if (!v || !isEmail(v)) throw new Error(t('resource.mailToRequired')); } }]}>
          <Input type="email" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
