import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import type { EntityDef, Field } from '@alumni/domain';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { asLang } from './field-text';
import { FieldInput } from './FieldInput';
import { DictSelect } from './inputs/DictSelect';
import { IntegerRange } from './inputs/IntegerRange';
import { RefTreeSelect } from './inputs/RefTreeSelect';
import { searchFields, type SearchValues } from './search-params';

interface Props {
  entity: EntityDef;
  only?: readonly string[];
  onSearch: (values: SearchValues) => void;
  /** Values the form opens with (filters read from the page's address). */
  initialValues?: SearchValues;
}

interface ControlProps {
  field: Field;
  label: string;
  // Form.Item injects the value, its change handler and the id; each control narrows them.
  value?: never;
  onChange?: (value: unknown) => void;
  id?: string;
}

function SearchControl({ field, label, ...injected }: ControlProps) {
  const { t } = useTranslation();
  if (field.search === 'range' && field.kind === 'integer') return <IntegerRange {...injected} min={field.min} max={field.max} />;
  if (field.search === 'range' && field.kind === 'money') return <IntegerRange {...injected} min={0} precision={2} />;
  if (field.search === 'range') {
    return <DatePicker.RangePicker {...injected} showTime />;
  }
  if (field.kind === 'flag') {
    return (
      <Select
        {...injected}
        allowClear
        placeholder={t('crud.selectPlaceholder', { label })}
        style={{ width: 160 }}
        options={[{ label: t('crud.no'), value: 0 }, { label: t('crud.yes'), value: 1 }]}
      />
    );
  }
  if ((field.kind === 'fk' || field.kind === 'text') && field.options) {
    return <RefTreeSelect {...injected} field={field} width={180} placeholder={t('crud.selectPlaceholder', { label })} />;
  }
  if (field.kind === 'ids' && field.options) {
    return <div style={{ width: 220 }}><FieldInput {...injected} field={field} /></div>;
  }
  if (field.kind === 'dict') return <DictSelect {...injected} field={field} placeholder={t('crud.selectPlaceholder', { label })} />;
  return <Input {...injected} allowClear placeholder={t('crud.inputPlaceholder', { label })} style={{ width: 180 }} />;
}

const formatRange = (v: unknown) =>
  Array.isArray(v) ? v.map((d: unknown) => (typeof (d as Dayjs | null)?.format === 'function' ? (d as Dayjs).format('YYYY-MM-DD HH:mm:ss') : d)) : v;

/** The search form: one control per searchable field, search and reset. */
export function SearchForm({ entity, only, onSearch, initialValues }: Props) {
  const { t, i18n } = useTranslation();
  const lang = asLang(i18n.language);
  const [form] = Form.useForm<SearchValues>();
  const formName = `entity-search${useId().replace(/[^\w]/g, '')}`;
  const fields = searchFields(entity, only);

  if (fields.length === 0) return null;
  // Date ranges arrive as text; the range picker holds dates.
  const opening = Object.fromEntries(Object.entries(initialValues ?? {}).map(([name, value]) => {
    const field = fields.find(([n]) => n === name)?.[1];
    const dated = field?.search === 'range' && field.kind !== 'integer' && field.kind !== 'money' && Array.isArray(value);
    return [name, dated ? (value as string[]).map((v) => dayjs(v)) : value];
  }));

  const submit = (values: SearchValues) =>
    onSearch(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, formatRange(v)])));

  return (
    <Form form={form} name={formName} layout="inline" initialValues={opening} onFinish={submit} className="entity-search" role="search">
      {fields.map(([name, field]) => (
        <Form.Item key={name} name={name} label={field.label[lang]} style={{ marginBottom: 12 }}>
          <SearchControl field={field} label={field.label[lang]} />
        </Form.Item>
      ))}
      <Form.Item style={{ marginBottom: 12 }}>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('crud.search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('crud.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
