import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import type { EntityDef, Field } from '@alumni/domain';
import DownOutlined from '@ant-design/icons/DownOutlined';
import FilterOutlined from '@ant-design/icons/FilterOutlined';
import UpOutlined from '@ant-design/icons/UpOutlined';
import { Button, DatePicker, Drawer, Form, Grid, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asLang } from './field-text';
import { FieldInput } from './FieldInput';
import { DictSelect } from './inputs/DictSelect';
import { IntegerRange } from './inputs/IntegerRange';
import { RefTreeSelect } from './inputs/RefTreeSelect';
import { firstRowCount, searchFields, type SearchValues } from './search-params';

interface Props {
  entity: EntityDef;
  only?: readonly string[];
  onSearch: (values: SearchValues) => void;
  /** Values the form opens with (filters read from the page's address). */
  initialValues?: SearchValues;
  /**
   * Whether every field shows, kept by the page while the form opens again with other values (back
   * and forward); undefined until the user folds or unfolds it.
   */
  expanded?: boolean;
  onExpandedChange?: (expanded: boolean) => void;
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

/** How many ordinary controls fit beside the buttons in one row of the form at the window's width. */
function rowSlots(screens: Partial<Record<'xxl' | 'xl' | 'lg' | 'md', boolean>>): number {
  if (screens.xxl) return 5;
  if (screens.xl) return 3;
  if (screens.lg) return 2;
  return 1;
}

const formatRange = (v: unknown) =>
  Array.isArray(v) ? v.map((d: unknown) => (typeof (d as Dayjs | null)?.format === 'function' ? (d as Dayjs).format('YYYY-MM-DD HH:mm:ss') : d)) : v;

/**
 * The search form: one control per searchable field, search and reset. It opens folded to its first
 * row (展开 shows the rest), unfolded when the address filters by a field beyond that row. On a
 * phone it waits in a drawer behind a 筛选 button that counts the filters in use (decision 328).
 */
export function SearchForm({ entity, only, onSearch, initialValues, expanded: kept, onExpandedChange }: Props) {
  const { t, i18n } = useTranslation();
  const lang = asLang(i18n.language);
  const [form] = Form.useForm<SearchValues>();
  const formName = `entity-search${useId().replace(/[^\w]/g, '')}`;
  const fields = searchFields(entity, only);
  const screens = Grid.useBreakpoint();
  const shown = firstRowCount(fields.map(([, f]) => f), rowSlots(screens));
  const [opened, setOpened] = useState(() => fields.slice(shown).some(([name]) => initialValues?.[name] !== undefined));
  const expanded = kept ?? opened;
  const setExpanded = (next: boolean) => {
    setOpened(next);
    onExpandedChange?.(next);
  };
  const folded = fields.length - shown;
  const phone = screens.md === false;
  const [drawer, setDrawer] = useState(false);

  if (fields.length === 0) return null;
  // Date ranges arrive as text; the range picker holds dates.
  const opening = Object.fromEntries(Object.entries(initialValues ?? {}).map(([name, value]) => {
    const field = fields.find(([n]) => n === name)?.[1];
    const dated = field?.search === 'range' && field.kind !== 'integer' && field.kind !== 'money' && Array.isArray(value);
    return [name, dated ? (value as string[]).map((v) => dayjs(v)) : value];
  }));

  const submit = (values: SearchValues) => {
    setDrawer(false);
    onSearch(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, formatRange(v)])));
  };

  const body = (
    <Form form={form} name={formName} layout={phone ? 'vertical' : 'inline'} initialValues={opening} onFinish={submit} className="entity-search" role="search">
      {fields.map(([name, field], i) => (
        <Form.Item key={name} name={name} label={field.label[lang]} style={{ marginBottom: 12 }} hidden={!phone && !expanded && i >= shown}>
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
              setDrawer(false);
              onSearch({});
            }}
          >
            {t('crud.reset')}
          </Button>
          {folded > 0 && !phone && (
            <Button type="link" icon={expanded ? <UpOutlined /> : <DownOutlined />} aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
              {expanded ? t('crud.fold') : t('crud.unfold')}
            </Button>
          )}
        </Space>
      </Form.Item>
    </Form>
  );
  if (!phone) return body;
  const inUse = Object.values(initialValues ?? {}).filter((v) => v !== undefined && v !== null && v !== '').length;
  return (
    <>
      <Button className="entity-search-open" icon={<FilterOutlined />} onClick={() => setDrawer(true)}>
        {inUse > 0 ? t('crud.filtersCount', { count: inUse }) : t('crud.filters')}
      </Button>
      <Drawer open={drawer} onClose={() => setDrawer(false)} placement="bottom" size="85%" title={t('crud.filters')} className="entity-search-drawer">
        {body}
      </Drawer>
    </>
  );
}
