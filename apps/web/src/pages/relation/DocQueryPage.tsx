import { DOC_STEPS, docQueryEntity, requiredMessage } from '@alumni/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postData } from '../../api/http';
import type { Row } from '../../entity/entity-api';
import { EntityPage } from '../../entity/EntityPage';
import { entityKey } from '../../entity/use-entity-list';
import { useMenuStore } from '../../stores/menu-store';

interface Values {
  handleStatus: string;
  archiveLocation?: string;
  transferDate?: Dayjs;
  trackingNo?: string;
  replyContent?: string;
  remark?: string;
}

const label = (name: keyof typeof docQueryEntity.fields, lang: string) => docQueryEntity.fields[name].label[lang === 'en' ? 'en' : 'zh'];

/** 办理: the next handling step of a request and what it needs (DOMAIN 5.5); the server checks each rule. */
function HandleDialog({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const step = Form.useWatch('handleStatus', form);
  const steps = row ? DOC_STEPS[String(row.handleStatus)] ?? [] : [];
  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await postData(`${docQueryEntity.api?.base}/update`, {
        id: row?.id, ...values, transferDate: values.transferDate ? values.transferDate.format('YYYY-MM-DD') : undefined,
      });
      void message.success(t('relation.handled'));
      await client.invalidateQueries({ queryKey: entityKey(docQueryEntity) });
      onClose();
    } catch {
      // The HTTP client has shown the refusal; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };
  const lang = i18n.language;
  return (
    <Modal open={row !== null} title={t('relation.handleTitle')} onCancel={onClose} onOk={() => void submit().catch(() => undefined)}
      confirmLoading={saving} okText={t('crud.ok')} cancelText={t('crud.cancel')} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false} initialValues={{
        handleStatus: steps[0], archiveLocation: row?.archiveLocation, trackingNo: row?.trackingNo, replyContent: row?.replyContent, remark: row?.remark,
        transferDate: row?.transferDate ? dayjs(String(row.transferDate)) : undefined,
      }}>
        <Form.Item name="handleStatus" label={t('relation.nextStatus')} rules={[{ required: true }]}>
          <Select options={steps.map((s) => ({ value: s, label: t(`relation.steps.${s}`) }))} />
        </Form.Item>
        {step === '2' && (
          <>
            <Form.Item name="archiveLocation" label={label('archiveLocation', lang)}><Input maxLength={128} /></Form.Item>
            <Form.Item name="transferDate" label={label('transferDate', lang)}>
              <DatePicker disabledDate={(d) => d.isAfter(dayjs(), 'day')} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="trackingNo" label={label('trackingNo', lang)}><Input maxLength={32} /></Form.Item>
          </>
        )}
        {(step === '2' || step === '3') && (
          <Form.Item name="replyContent" label={label('replyContent', lang)} rules={[{ required: true, message: requiredMessage(docQueryEntity.fields.replyContent, lang === 'en' ? 'en' : 'zh') }]}>
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
        )}
        {step === '4' && (
          <Form.Item name="remark" label={label('remark', lang)} rules={[{ required: true, message: requiredMessage(docQueryEntity.fields.remark, lang === 'en' ? 'en' : 'zh') }]}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** 档案查询 (DOMAIN 5.5): requests for personnel files and certificates, accepted, handled and completed by staff. */
export default function DocQueryPage() {
  const { t } = useTranslation();
  const buttons = useMenuStore((s) => s.buttons);
  const [handling, setHandling] = useState<Row | null>(null);
  return (
    <>
      <EntityPage
        entity={docQueryEntity}
        dialogWidth={960}
        rowActions={(row) => !!buttons.docquery_handle && (DOC_STEPS[String(row.handleStatus)] ?? []).length > 0 && (
          <Button type="link" size="small" onClick={() => setHandling(row)}>{t('relation.handle')}</Button>
        )}
      />
      {/* A dialog (and its form) of its own per request: the steps, and so the first one chosen, are the request's. */}
      <HandleDialog key={handling ? String(handling.id) : 'closed'} row={handling} onClose={() => setHandling(null)} />
    </>
  );
}
