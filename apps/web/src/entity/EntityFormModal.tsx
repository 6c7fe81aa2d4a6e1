import { idCardFilledValues, type EntityDef } from '@alumni/domain';
import { Col, Divider, Form, Modal, Row, Tabs } from 'antd';
import { useEffect, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldOverrides, FormSection } from './field-overrides';
import { fieldRules, validateTrigger } from './field-rules';
import { asLang } from './field-text';
import { FieldInput } from './FieldInput';
import { EntityView } from './EntityView';
import { EntityHistory } from './audit/EntityHistory';
import { formFields, type FormField } from './form-fields';

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
  /** Only these fields (a small dialog that changes part of a row), in this order. */
  only?: readonly string[];
  /** A title other than 新增/修改/查看 and the entity's name. */
  title?: string;
  /**
   * Fields of a related record filled in the same dialog while adding (an alumnus with its first
   * study record), under a heading; their values arrive with the others.
   */
  related?: RelatedSection;
  /** Tabs after the record's own in view mode, from the row as the detail answered it (the history tab follows them). */
  viewTabs?: (row: Record<string, unknown>) => ViewTab[];
  /** The form in groups under headings (fields in no group follow them). */
  sections?: readonly FormSection[];
  /** Names of form-only controls a page puts in its sections: never sent. */
  formOnly?: readonly string[];
}

/** A tab of the view dialog beside the record's fields (an alumnus's study records). */
export interface ViewTab {
  key: string;
  label: string;
  children: ReactNode;
}

export interface RelatedSection {
  entity: EntityDef;
  fields: readonly string[];
  title: string;
  /** The body property that carries the related record, as a one-element list (`studentStatuses`). */
  key: string;
}

/** The add / edit / view dialog generated from the entity's fields. */
export function EntityFormModal({ entity, mode, open, initial, overrides, width = 880, saving, onSubmit, onClose, only, title: ownTitle, related, viewTabs, sections, formOnly }: Props) {
  const { t, i18n } = useTranslation();
  const lang = asLang(i18n.language);
  const [form] = Form.useForm<Record<string, unknown>>();
  // Two forms may show the same field (search and dialog, parent and child): a unique name keeps ids apart.
  const formName = `entity-form${useId().replace(/[^\w]/g, '')}`;
  const all = formFields(entity, mode, overrides);
  const fields = only ? only.flatMap((n) => all.filter((f) => f.name === n)) : all;
  const relatedFields = related && mode === 'add'
    ? related.fields.flatMap((n) => formFields(related.entity, 'add').filter((f) => f.name === n)) : [];
  const name = entity.label[lang];
  const title = ownTitle ?? t(mode === 'add' ? 'crud.addTitle' : mode === 'edit' ? 'crud.editTitle' : 'crud.viewTitle', { name });

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(initial);
    }
  }, [open, initial, form]);

  // An ID number fills what it carries (its field's `idCardFills`: birthday, gender) as it is typed.
  const fillFromIdCard = (changed: Record<string, unknown>, all: Record<string, unknown>) => {
    for (const [name, field] of Object.entries(entity.fields)) {
      const fills = field.kind === 'text' ? field.idCardFills : undefined;
      if (!fills || !(name in changed || fills.typeField in changed)) continue;
      const filled = idCardFilledValues(fills, all[name], all);
      if (Object.keys(filled).length > 0) form.setFieldsValue(filled);
    }
  };

  const save = async () => {
    const checked = await form.validateFields();
    const current = form.getFieldsValue(true) as Record<string, unknown>;
    // A field the form leaves out for the other values is saved empty; form-only controls are not sent.
    const values = Object.fromEntries(Object.entries(checked).filter(([k]) => !formOnly?.includes(k)));
    for (const f of fields) if (overrides?.[f.name]?.shownWhen?.(current) === false) values[f.name] = null;
    const fieldErrors = await onSubmit(values);
    if (fieldErrors) {
      form.setFields(Object.entries(fieldErrors).map(([field, message]) => ({ name: field, errors: [message] })));
    }
  };

  const renderField = ({ name: fieldName, field, required, disabled }: FormField, Widget?: NonNullable<FieldOverrides[string]>['input']) => {
    const shownWhen = overrides?.[fieldName]?.shownWhen;
    const item = (values: Record<string, unknown>) => (
      <Col key={fieldName} span={field.wide ? 24 : 12}>
        <Form.Item name={fieldName} label={field.label[lang]} rules={fieldRules(field, lang, typeof required === 'function' ? required(values) : required)} validateTrigger={validateTrigger(field)}>
          {Widget ? <Widget mode={mode} disabled={disabled} /> : <FieldInput field={field} name={fieldName} disabled={disabled} />}
        </Form.Item>
      </Col>
    );
    if (!shownWhen && typeof required !== 'function') return item({});
    // Follows the other fields: re-rendered on every change, shown (and required) as they say.
    return (
      <Form.Item key={fieldName} noStyle shouldUpdate>
        {({ getFieldsValue }) => {
          const values = getFieldsValue(true) as Record<string, unknown>;
          return shownWhen && !shownWhen(values) ? null : item(values);
        }}
      </Form.Item>
    );
  };
  // A record's view ends with its history, unless nothing but the server writes the entity (the logs).
  const writable = entity.api?.submit !== false || entity.api?.remove !== false;
  const id = typeof initial.id === 'string' ? initial.id : null;
  const tabs: ViewTab[] = mode !== 'view' ? [] : [
    ...(viewTabs?.(initial) ?? []),
    ...(writable && id ? [{ key: 'history', label: t('audit.history'), children: <EntityHistory entity={entity} id={id} /> }] : []),
  ];
  const inSections = new Set(sections?.flatMap((s) => s.fields) ?? []);
  const byName = new Map(fields.map((f) => [f.name, f]));
  const rest = fields.filter((f) => !inSections.has(f.name));

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
      {mode === 'view' ? (tabs.length > 0
        ? <Tabs items={[{ key: 'record', label: t('crud.recordTab'), children: <EntityView entity={entity} row={initial} overrides={overrides} /> }, ...tabs]} />
        : <EntityView entity={entity} row={initial} overrides={overrides} />) : (
      <Form form={form} name={formName} layout="horizontal" labelCol={{ flex: '110px' }} labelWrap preserve={false} onValuesChange={fillFromIdCard}>
        {sections?.map((section) => (
          <div key={section.key} className="entity-form-section">
            {section.title && <Divider titlePlacement="start">{section.title}</Divider>}
            {section.before}
            <Row gutter={16}>
              {section.fields.flatMap((n) => { const f = byName.get(n); return f ? [renderField(f, overrides?.[n]?.input)] : []; })}
            </Row>
            {section.after}
          </div>
        ))}
        <Row gutter={16}>
          {rest.map((f) => renderField(f, overrides?.[f.name]?.input))}
        </Row>
        {relatedFields.length > 0 && (
          <>
            <Divider titlePlacement="start">{related?.title}</Divider>
            <Row gutter={16}>{relatedFields.map((f) => renderField(f))}</Row>
          </>
        )}
      </Form>
      )}
    </Modal>
  );
}
