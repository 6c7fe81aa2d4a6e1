import FilterOutlined from '@ant-design/icons/FilterOutlined';
import SaveOutlined from '@ant-design/icons/SaveOutlined';
import { SEGMENT_NAME_MAX, type EntityDef } from '@alumni/domain';
import { App, Button, Checkbox, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryParams } from '../entity-api';
import { useSegments, useSegmentWrites } from './segment-api';

interface SegmentBarProps {
  entity: EntityDef;
  /** The list's current search, as its list call sends it: what a new segment keeps. */
  filters: QueryParams;
  /** Opens the list with a segment's search. */
  onApply: (query: Record<string, string>) => void;
}

/**
 * 保存为分群 and 应用分群 beside a list whose entity declares `segments`: the current search saved by
 * name (private, or shared with the tenant), and a saved one put back into the search form.
 */
export function SegmentBar({ entity, filters, onApply }: SegmentBarProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ name: string; shared: boolean }>();
  const { data } = useSegments({ entity: entity.name });
  const { save } = useSegmentWrites();

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      const saved = await save({ entity: entity.name, name: values.name.trim(), shared: !!values.shared, query: filters });
      void message.success(t('segment.saved', { name: saved.name }));
      setSaving(false);
      form.resetFields();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space size="small" wrap>
      <Button icon={<SaveOutlined />} onClick={() => setSaving(true)}>{t('segment.save')}</Button>
      <Select
        style={{ minWidth: 200 }}
        aria-label={t('segment.pick')}
        placeholder={<><FilterOutlined /> {t('segment.pickPlaceholder')}</>}
        value={null}
        showSearch={{ optionFilterProp: 'label' }}
        options={(data?.records ?? []).map((s) => ({ value: s.id, label: s.shared ? `${s.name} · ${t('segment.sharedTag')}` : s.name }))}
        onChange={(id: string) => {
          const segment = data?.records.find((s) => s.id === id);
          if (!segment) return;
          onApply(segment.query);
          void message.info(t('segment.applied', { name: segment.name }));
        }}
      />
      <Modal
        open={saving}
        title={t('segment.saveTitle')}
        okText={t('segment.save')}
        confirmLoading={busy}
        onOk={() => void submit().catch(() => undefined)}
        onCancel={() => setSaving(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('segment.saveHint')}</Typography.Paragraph>
        <Form form={form} layout="vertical" initialValues={{ shared: false }}>
          <Form.Item name="name" label={t('segment.name')} rules={[{ required: true, whitespace: true, message: t('segment.nameRequired') }, { max: SEGMENT_NAME_MAX }]}>
            <Input maxLength={SEGMENT_NAME_MAX} autoFocus />
          </Form.Item>
          <Form.Item name="shared" valuePropName="checked">
            <Checkbox>{t('segment.shared')}</Checkbox>
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
