import { useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postData } from '../../api/http';
import { useCan } from '../../stores/menu-store';

interface Aggregated { receiptNo: string; count: number; amount: string }

/** 小额匿名合并开票 (decision 318): one receipt for a month's small anonymous gifts, the month asked first. */
export function AggregateReceiptButton({ queryKey }: { queryKey: readonly unknown[] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const canEdit = useCan('donation_edit');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ month: Dayjs }>();
  if (!canEdit) return null;

  const submit = async () => {
    const { month } = await form.validateFields();
    setBusy(true);
    try {
      const done = await postData<Aggregated>('/donation/receipt/aggregate', undefined, { month: month.format('YYYY-MM') });
      message.success(t('giving.aggregateDone', { count: done.count, amount: done.amount, receiptNo: done.receiptNo }));
      setOpen(false);
      await client.invalidateQueries({ queryKey });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button onClick={() => { form.resetFields(); setOpen(true); }}>{t('giving.aggregate')}</Button>
      <Modal open={open} title={t('giving.aggregate')} onCancel={() => setOpen(false)} onOk={() => void submit().catch(() => undefined)} confirmLoading={busy} destroyOnHidden>
        <p>{t('giving.aggregateHint')}</p>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="month" label={t('giving.aggregateMonth')} initialValue={dayjs().subtract(1, 'month')} rules={[{ required: true, message: t('giving.aggregateMonthRequired') }]}>
            <DatePicker picker="month" style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'month')} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
