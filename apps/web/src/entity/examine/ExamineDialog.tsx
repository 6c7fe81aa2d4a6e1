import { MIN_OPINION_LENGTH, examineStates, type EntityDef } from '@alumni/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entityKey } from '../use-entity-list';
import { examineRows } from './examine-api';

interface Props {
  entity: EntityDef;
  /** The rows to examine; the dialog is open while there are any. */
  ids: string[];
  /** The verdict a batch button starts with. */
  initialVerdict?: 'approve' | 'reject';
  onClose: () => void;
}

interface Values {
  examineStatus: number;
  examineOpinion?: string;
}

/** 审核: approve or reject one or several rows with one opinion (required to reject). */
export function ExamineDialog({ entity, ids, initialVerdict = 'approve', onClose }: Props) {
  const { t } = useTranslation();
  if (!entity.examine) throw new Error(`${entity.name} is not examined`);
  const states = examineStates(entity.examine);
  // A visit record is returned (退回) rather than rejected.
  const rejectLabel = entity.examine.states?.rejectAction === 'return' ? t('examine.return') : t('examine.reject');
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const verdict = Form.useWatch('examineStatus', form);
  const open = ids.length > 0;

  useEffect(() => {
    if (open) form.setFieldsValue({ examineStatus: initialVerdict === 'approve' ? states.approved : states.rejected, examineOpinion: '' });
  }, [open, initialVerdict, form, states.approved, states.rejected]);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const result = await examineRows(entity, ids, values.examineStatus, values.examineOpinion?.trim() ?? '');
      if (result.succeeded > 0) void message.success(t('examine.succeeded', { count: result.succeeded }));
      for (const failure of result.failed) void message.warning(`${t('examine.failed', { count: 1 })}: ${failure.msg}`);
      await client.invalidateQueries({ queryKey: entityKey(entity) });
      onClose();
    } catch {
      // The error toast has been shown by the HTTP client; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={ids.length > 1 ? t('examine.batchTitle', { count: ids.length }) : t('examine.title')}
      okText={t('crud.ok')}
      cancelText={t('crud.cancel')}
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      // On a phone the decision's buttons come before the form (decision 328).
      className="main-action-first"
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="examineStatus" label={t('examine.result')} rules={[{ required: true }]}>
          <Radio.Group>
            <Radio value={states.approved}>{t('examine.approve')}</Radio>
            <Radio value={states.rejected}>{rejectLabel}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="examineOpinion"
          label={t('examine.opinion')}
          rules={[{
            validator: async (_, value: string | undefined) => {
              if (verdict === states.rejected && [...(value ?? '').trim()].length < MIN_OPINION_LENGTH) {
                throw new Error(t('examine.opinionRequired'));
              }
            },
          }]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount placeholder={t('examine.opinionPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
