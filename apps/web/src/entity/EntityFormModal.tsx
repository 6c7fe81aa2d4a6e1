import type { EntityDef } from '@alumni/domain';
import { Col, Form, Modal, Row } from 'antd';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldOverrides } from './field-overrides';
import { fieldRules, validateTrigger } from './field-rules';
import { asLang } from './field-text';
import { FieldInput } from './FieldInput';
import { formFields } from './form-fields';

export type FormMode = 'add' | 'edit' | 'view';

interface Props {
  entity: EntityDef;
  mode: FormMode;
  open: boolean;
  initial: Record<string, unknown>;
  overrides?: FieldOverrides;
  width?: number;
  saving: boolean;
  /** Rejects with field messages to show under the fields. */
  onSubmit: (values: Record<string, unknown>) => Promise<Record<string, string> | void>;
  onClose: () => void;
}

/** The add / edit / view dialog generated from the entity's fields. */
export function EntityFormModal({ entity, mode, open, initial, overrides, width = 880, saving, onSubmit, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const lang = asLang(i18n.language);
  const [form] = Form.useForm<Record<string, unknown>>();
  // Two forms may show the same field (search and dialog, parent and child): a unique name keeps ids apart.
  const formName = `entity-form${useId().replace(/[^\w]/g, '')}`;
  const fields = formFields(entity, mode, overrides);
  const name = entity.label[lang];
  const title = t(mode === 'add' ? 'crud.addTitle' : mode === 'edit' ? 'crud.editTitle' : 'crud.viewTitle', { name });

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(initial);
    }
  }, [open, initial, form]);

  const save = async () => {
    const values = await form.validateFields();
    const fieldErrors = await onSubmit(values);
    if (fieldErrors) {
      form.setFields(Object.entries(fieldErrors).map(([field, message]) => ({ name: field, errors: [message] })));
    }
  };

  return (
    <Modal
      title={title}
      open={open}
      width={width}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      okText={mode === 'add' ? t('crud.save') : t('crud.update')}
      cancelText={mode === 'view' ? t('crud.close') : t('crud.cancel')}
      okButtonProps={{ loading: saving, style: mode === 'view' ? { display: 'none' } : undefined }}
      onOk={() => void save().catch(() => undefined)}
    >
      <Form form={form} name={formName} layout="horizontal" labelCol={{ flex: '110px' }} labelWrap preserve={false}>
        <Row gutter={16}>
          {fields.map(({ name: fieldName, field, required, disabled }) => {
            const Widget = overrides?.[fieldName]?.input;
            return (
              <Col key={fieldName} span={field.wide ? 24 : 12}>
                <Form.Item
                  name={fieldName}
                  label={field.label[lang]}
                  rules={mode === 'view' ? [] : fieldRules(field, lang, required)}
                  validateTrigger={validateTrigger(field)}
                >
                  {Widget ? <Widget mode={mode} disabled={disabled} /> : <FieldInput field={field} disabled={disabled} />}
                </Form.Item>
              </Col>
            );
          })}
        </Row>
      </Form>
    </Modal>
  );
}
