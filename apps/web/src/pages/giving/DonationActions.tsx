import { DONATION_STATUS, RECEIPT_STATUS } from '@alumni/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, Modal, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile, postData } from '../../api/http';
import type { Row } from '../../entity/entity-api';
import { useCan } from '../../stores/menu-store';

type Field = { name: string; label: string; kind: 'date' | 'text' | 'textarea' };
/** A move asked for in a dialog: written through the gift's update, or through its own call (`path`, the fields as its body). */
interface Action { key: string; label: string; fields: Field[]; fixed: Record<string, unknown>; path?: string }

/** The row's moves (DOMAIN 7): receive, close, issue or void the receipt, refund; each asks what it needs first. */
export function DonationActions({ row, queryKey }: { row: Row; queryKey: readonly unknown[] }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const canEdit = useCan('donation_edit');
  const canCode = useCan('donation_code');
  const [action, setAction] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Record<string, string | Dayjs>>();
  const status = Number(row.paymentStatus);
  const receipt = Number(row.receiptStatus);
  const remark: Field = { name: 'remark', label: t('giving.remark'), kind: 'textarea' };
  const actions: Action[] = [];
  if (canEdit && status === DONATION_STATUS.pledged) {
    actions.push({ key: 'receive', label: t('giving.receive'), fields: [{ name: 'arrivalDate', label: t('giving.arrivalDate'), kind: 'date' }], fixed: { paymentStatus: DONATION_STATUS.received } });
    actions.push({ key: 'close', label: t('giving.close'), fields: [remark], fixed: { paymentStatus: DONATION_STATUS.closed } });
  }
  if (canEdit && status === DONATION_STATUS.received) {
    if (receipt === RECEIPT_STATUS.issued) {
      actions.push({ key: 'void', label: t('giving.void'), fields: [{ name: 'reason', label: t('giving.voidReason'), kind: 'textarea' }], fixed: {}, path: '/donation/receipt/void' });
    }
    actions.push({ key: 'refund', label: t('giving.refund'), fields: [remark], fixed: { paymentStatus: DONATION_STATUS.refunded } });
  }
  const refresh = () => client.invalidateQueries({ queryKey });

  const submit = async () => {
    if (!action) return;
    const values = await form.validateFields();
    const body: Record<string, unknown> = { id: row.id, ...action.fixed };
    for (const f of action.fields) {
      const v = values[f.name];
      body[f.name] = dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : v;
    }
    setBusy(true);
    try {
      if (action.path) {
        const { id, ...rest } = body;
        await postData(action.path, rest, { id: String(id) });
      } else {
        await postData('/donation/update', body);
      }
      message.success(t('crud.opSuccess'));
      setAction(null);
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  // Numbered by the foundation's yearly counter (decision 318): asked first, as it uses up a number.
  const issue = () => modal.confirm({
    title: receipt === RECEIPT_STATUS.voided ? t('giving.reissueConfirm') : t('giving.issueConfirm'),
    onOk: async () => {
      await postData('/donation/receipt/issue', undefined, { id: String(row.id) });
      message.success(t('crud.opSuccess'));
      await refresh();
    },
  });

  const generate = () => modal.confirm({
    title: t('giving.codeConfirm'),
    onOk: async () => {
      await postData('/donation/updateDonationCode', undefined, { id: String(row.id) });
      message.success(t('crud.opSuccess'));
      await refresh();
    },
  });

  return (
    <Space size={0} wrap>
      {actions.map((a) => (
        <Button key={a.key} type="link" size="small" onClick={() => { form.resetFields(); setAction(a); }}>{a.label}</Button>
      ))}
      {canEdit && status === DONATION_STATUS.received && receipt !== RECEIPT_STATUS.issued && (
        <Button type="link" size="small" onClick={issue}>{receipt === RECEIPT_STATUS.voided ? t('giving.reissue') : t('giving.issue')}</Button>
      )}
      {canCode && status === DONATION_STATUS.received && !row.donationCode && (
        <Button type="link" size="small" onClick={generate}>{t('giving.code')}</Button>
      )}
      {status === DONATION_STATUS.received && (
        <>
          <Button type="link" size="small" onClick={() => void downloadFile('/donation/receipt', { id: String(row.id) }).catch(() => undefined)}>{t('giving.print')}</Button>
          <Button type="link" size="small" onClick={() => void downloadFile('/donation/certificate', { id: String(row.id) }).catch(() => undefined)}>{t('giving.certificate')}</Button>
          <Button type="link" size="small" onClick={() => void downloadFile('/donation/progressReport', { id: String(row.id) }).catch(() => undefined)}>{t('giving.progressReport')}</Button>
        </>
      )}
      <Modal open={action !== null} title={action?.label} onCancel={() => setAction(null)} onOk={() => void submit().catch(() => undefined)} confirmLoading={busy} destroyOnHidden>
        <Form form={form} layout="vertical" preserve={false}>
          {/* A rule naming `whitespace` is checked as text (async-validator), which a picked date never is. */}
          {action?.fields.map((f) => (
            <Form.Item key={f.name} name={f.name} label={f.label} initialValue={f.kind === 'date' ? dayjs() : undefined}
              rules={[{ required: true, ...(f.kind === 'date' ? {} : { whitespace: true }), message: f.name === 'reason' ? t('giving.voidReasonRequired') : f.kind === 'textarea' ? t('giving.remarkRequired') : t('giving.required', { label: f.label }) }]}>
              {f.kind === 'date' ? <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
                : f.kind === 'textarea' ? <Input.TextArea rows={3} maxLength={f.name === 'reason' ? 200 : 500} /> : <Input maxLength={32} />}
            </Form.Item>
          ))}
        </Form>
      </Modal>
    </Space>
  );
}
