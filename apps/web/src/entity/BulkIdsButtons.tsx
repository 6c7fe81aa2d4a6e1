import { type EntityDef, type IdsField } from '@alumni/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postData } from '../api/http';
import { asLang } from './field-text';
import { FieldInput } from './FieldInput';
import { entityKey } from './use-entity-list';

interface Props {
  entity: EntityDef;
  /** The selected rows' ids. */
  selected: string[];
  onDone: () => void;
}

interface BulkAnswer { changed: number; unchanged: number; missing: number }

/**
 * 批量添加/移除 of every `ids` field declaring `bulk` (an alumnus's tags): the selected rows take the
 * values picked in a dialog, or lose them, once the dialog is confirmed; the answer's counts are shown.
 */
export function BulkIdsButtons({ entity, selected, onDone }: Props) {
  const { t, i18n } = useTranslation();
  const lang = asLang(i18n.language);
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ values?: string }>();
  const [open, setOpen] = useState<{ name: string; field: IdsField; action: 'add' | 'remove' } | null>(null);
  const [saving, setSaving] = useState(false);
  const fields = Object.entries(entity.fields).filter((e): e is [string, IdsField] => e[1].kind === 'ids' && !!(e[1] as IdsField).bulk);
  if (!entity.api || fields.length === 0) return null;

  const start = (name: string, field: IdsField, action: 'add' | 'remove') => {
    if (selected.length === 0) {
      void message.warning(t('crud.selectOne'));
      return;
    }
    form.resetFields();
    setOpen({ name, field, action });
  };
  const confirm = async () => {
    if (!open) return;
    const { values } = await form.validateFields();
    setSaving(true);
    try {
      const answer = await postData<BulkAnswer>(`${entity.api!.base}/${open.name}/${open.action}`, { ids: selected.join(','), values });
      void message.success(t('crud.bulkDone', { ...answer }));
      setOpen(null);
      onDone();
      await client.invalidateQueries({ queryKey: entityKey(entity) });
    } catch {
      // The refusal is shown by the HTTP layer; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space wrap>
      {fields.map(([name, field]) => {
        const label = field.label[lang];
        return [
          <Button key={`${name}-add`} onClick={() => start(name, field, 'add')}>{t('crud.bulkAdd', { label })}</Button>,
          <Button key={`${name}-remove`} onClick={() => start(name, field, 'remove')}>{t('crud.bulkRemove', { label })}</Button>,
        ];
      })}
      <Modal
        open={!!open}
        title={open ? t(open.action === 'add' ? 'crud.bulkAddTitle' : 'crud.bulkRemoveTitle', { count: selected.length, label: open.field.label[lang] }) : ''}
        okText={t('crud.ok')}
        cancelText={t('crud.cancel')}
        confirmLoading={saving}
        onOk={() => void confirm()}
        onCancel={() => setOpen(null)}
        destroyOnHidden
      >
        {open && (
          <Form form={form} layout="vertical" preserve={false}>
            <Form.Item
              name="values"
              label={open.field.label[lang]}
              rules={[{ required: true, message: t('crud.selectPlaceholder', { label: open.field.label[lang] }) }]}
            >
              <FieldInput field={{ ...open.field, bulk: false }} />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </Space>
  );
}
