import { RESOURCE_PATHS, type SmsSendResult } from '@alumni/domain';
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';

interface Values {
  code?: string;
  phones: string;
  params?: string;
}

const isJsonObject = (text: string | undefined) => {
  if (!text || !text.trim()) return true;
  try {
    const value: unknown = JSON.parse(text);
    return !!value && typeof value === 'object' && !Array.isArray(value);
  } catch {
    return false;
  }
};

/** Sends a text message through a configuration (the code) or the enabled one, and tells how it went. */
export function SmsSendDialog({ code, onClose }: { code: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  const send = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      const { data } = await http.post<{ data: SmsSendResult }>(RESOURCE_PATHS.sendMessage, undefined, {
        params: { code: values.code ?? '', phones: values.phones, params: values.params?.trim() || '{}' },
      });
      const result = data.data;
      const summary = t('resource.smsResult', { sent: result.sent, failed: result.failed });
      if (result.failed === 0) message.success(summary);
      else modal.warning({ title: summary, content: result.outcomes.filter((o) => !o.ok).map((o) => `${o.phone}: ${o.message}`).join('\n') });
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title={t('resource.smsSendTitle')} okText={t('resource.send')} confirmLoading={busy} onOk={() => void send().catch(() => undefined)} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ code: code ?? '', params: '{}' }}>
        <Form.Item name="code" label={t('resource.smsCode')}><Input allowClear /></Form.Item>
        <Form.Item name="phones" label={t('resource.phones')} extra={t('resource.phonesHint')} rules={[{ required: true, message: t('crud.inputPlaceholder', { label: t('resource.phones') }) }]}>
          <Input />
        </Form.Item>
        <Form.Item name="params" label={t('resource.params')} rules={[{ validator: async (_, v: string | undefined) => { if (!isJsonObject(v)) throw new Error(t('resource.paramsInvalid')); } }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
