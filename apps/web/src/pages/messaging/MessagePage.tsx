import { REPLY_STATUS, messageEntity } from '@alumni/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import type { Row } from '../../entity/entity-api';
import { EntityPage } from '../../entity/EntityPage';
import { entityKey } from '../../entity/use-entity-list';
import { useCan } from '../../stores/menu-store';

const BASE = messageEntity.api?.base as string;

/** Answers a message (again, replacing the answer): public on the portal or not, and whether to tell the messenger. */
function AnswerDialog({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ answerContent: string; isPublic: boolean; notify: boolean }>();
  const [busy, setBusy] = useState(false);
  const send = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await http.put(`${BASE}/answer`, { id: row.id, answerContent: values.answerContent.trim(), isPublic: values.isPublic ? 1 : 0, notify: values.notify ? 1 : 0 });
      message.success(t(values.notify ? 'message.notifyQueued' : 'message.answered'));
      await client.invalidateQueries({ queryKey: entityKey(messageEntity) });
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open width={640} title={t('message.answerTitle')} confirmLoading={busy} onOk={() => void send().catch(() => undefined)} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap' }}>
        <Typography.Text strong>{String(row.title ?? '')}</Typography.Text>
        {'\n'}
        {String(row.content ?? '')}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ answerContent: row.answerContent ?? '', isPublic: Number(row.isPublic) === 1, notify: false }}>
        <Form.Item
          name="answerContent"
          label={t('message.answerContent')}
          rules={[{ validator: async (_, v: string | undefined) => { const n = [...(v ?? '').trim()].length; if (n < 2 || n > 2000) throw new Error(t('message.answerRequired')); } }]}
        >
          <Input.TextArea rows={6} maxLength={2000} showCount />
        </Form.Item>
        <Form.Item name="isPublic" valuePropName="checked"><Checkbox>{t('message.isPublic')}</Checkbox></Form.Item>
        <Form.Item name="notify" valuePropName="checked"><Checkbox>{t('message.notify')}</Checkbox></Form.Item>
      </Form>
    </Modal>
  );
}

/** Closes a message with a reason (a final state). */
function CloseDialog({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ remark: string }>();
  const [busy, setBusy] = useState(false);
  const close = async () => {
    const { remark } = await form.validateFields();
    setBusy(true);
    try {
      await http.post(`${BASE}/submit`, { ...row, remark: remark.trim(), replyStatus: REPLY_STATUS.closed });
      message.success(t('message.closed'));
      await client.invalidateQueries({ queryKey: entityKey(messageEntity) });
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={t('message.closeTitle')} okButtonProps={{ danger: true }} confirmLoading={busy} onOk={() => void close().catch(() => undefined)} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ remark: row.remark ?? '' }}>
        <Form.Item name="remark" label={t('message.remark')} rules={[{ required: true, whitespace: true, message: t('message.remarkRequired') }]}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The message board 留言管理 (DOMAIN 8.8): messages alumni leave and staff record, answered and closed. */
export default function MessagePage() {
  const { t } = useTranslation();
  const canAnswer = useCan('message_answer');
  const [answering, setAnswering] = useState<Row | null>(null);
  const [closing, setClosing] = useState<Row | null>(null);
  return (
    <>
      <EntityPage
        entity={messageEntity}
        dialogWidth={880}
        rowActions={(row) => canAnswer && Number(row.replyStatus) !== REPLY_STATUS.closed && (
          <>
            <Button type="link" size="small" onClick={() => setAnswering(row)}>{t('message.answer')}</Button>
            <Button type="link" size="small" danger onClick={() => setClosing(row)}>{t('message.close')}</Button>
          </>
        )}
      />
      {answering && <AnswerDialog row={answering} onClose={() => setAnswering(null)} />}
      {closing && <CloseDialog row={closing} onClose={() => setClosing(null)} />}
    </>
  );
}
