import SearchOutlined from '@ant-design/icons/SearchOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { AUDIT_ACTIONS, AUDIT_PATHS, ENTITIES, type AuditAction, type AuditEntryView, type EntityDef, type Page } from '@alumni/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Descriptions, Drawer, Flex, Form, Input, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData } from '../../api/http';
import { AuditChanges, fieldLabelOf } from '../../entity/audit/AuditChanges';
import { ACTION_COLOURS } from '../../entity/audit/EntityHistory';
import { asLang } from '../../entity/field-text';
import { useMenuStore } from '../../stores/menu-store';

interface SearchValues {
  entity?: string;
  action?: AuditAction;
  account?: string;
  recordId?: string;
  time?: [Dayjs | null, Dayjs | null] | null;
}

type Filters = Record<string, string>;

const byName = new Map<string, EntityDef>(ENTITIES.map((e) => [e.name, e]));

function filtersOf(values: SearchValues): Filters {
  const filters: Filters = {};
  if (values.entity) filters.entity = values.entity;
  if (values.action) filters.action = values.action;
  if (values.account?.trim()) filters.account = values.account.trim();
  if (values.recordId?.trim()) filters.recordId = values.recordId.trim();
  const [from, to] = values.time ?? [];
  if (from) filters.startTime = from.format('YYYY-MM-DD HH:mm:ss');
  if (to) filters.endTime = to.format('YYYY-MM-DD HH:mm:ss');
  return filters;
}

/**
 * 审计日志: the tenant's audit trail, newest first — who changed which record, when, from where
 * and which fields — searched by record type, action, account, record and time; an entry's
 * detail shows every field it changed, before and after.
 */
export default function AuditPage() {
  const { t, i18n } = useTranslation();
  const lang = asLang(i18n.language);
  const canView = useMenuStore((s) => !!s.buttons.audit_view);
  const [form] = Form.useForm<SearchValues>();
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const [shown, setShown] = useState<AuditEntryView | null>(null);
  const { data, isFetching } = useQuery({
    queryKey: ['audit-list', filters, paging],
    queryFn: () => getData<Page<AuditEntryView>>(AUDIT_PATHS.list, { ...filters, ...paging }),
  });
  const entityOptions = useMemo(() => ENTITIES
    .filter((e) => e.api?.submit !== false || e.api?.remove !== false)
    .map((e) => ({ value: e.name, label: e.label[lang] }))
    .sort((a, b) => a.label.localeCompare(b.label, lang === 'zh' ? 'zh-CN' : 'en')), [lang]);
  const entityLabel = (name: string) => byName.get(name)?.label[lang] ?? name;
  const search = (values: SearchValues) => {
    setFilters(filtersOf(values));
    setPaging((p) => ({ ...p, current: 1 }));
  };

  const columns: ColumnsType<AuditEntryView> = [
    { key: 'time', title: t('audit.time'), dataIndex: 'time', width: 170 },
    { key: 'entity', title: t('audit.entity'), width: 130, render: (_, e) => <span className="dict-label">{entityLabel(e.entity)}</span> },
    { key: 'record', title: t('audit.record'), ellipsis: true, width: 200, render: (_, e) => e.recordTitle ?? e.recordId },
    {
      key: 'action', title: t('audit.action'), width: 110,
      render: (_, e) => <Tag className="dict-label" color={ACTION_COLOURS[e.action]}>{t(`audit.actions.${e.action}`)}</Tag>,
    },
    { key: 'user', title: t('audit.user'), width: 150, render: (_, e) => (e.userName && e.account ? `${e.userName} (${e.account})` : e.userName ?? e.account ?? '') },
    { key: 'ip', title: t('audit.ip'), dataIndex: 'ip', width: 130 },
    {
      key: 'changes', title: t('audit.changes'), ellipsis: true,
      render: (_, e) => Object.keys(e.diff).map((name) => fieldLabelOf(byName.get(e.entity), name, lang)).join(lang === 'en' ? ', ' : '、'),
    },
    ...(canView ? [{
      key: 'operations', title: t('audit.operations'), width: 90, fixed: 'right' as const,
      render: (_: unknown, e: AuditEntryView) => <Button type="link" size="small" onClick={() => setShown(e)}>{t('audit.view')}</Button>,
    }] : []),
  ];

  return (
    <Flex vertical gap={12}>
      <Form form={form} layout="inline" onFinish={search} className="entity-search" role="search">
        <Form.Item name="entity" label={t('audit.entity')} style={{ marginBottom: 12 }}>
          <Select allowClear showSearch={{ optionFilterProp: 'label' }} style={{ width: 180 }} options={entityOptions}
            placeholder={t('crud.selectPlaceholder', { label: t('audit.entity') })} />
        </Form.Item>
        <Form.Item name="action" label={t('audit.action')} style={{ marginBottom: 12 }}>
          <Select allowClear style={{ width: 140 }} placeholder={t('crud.selectPlaceholder', { label: t('audit.action') })}
            options={AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`audit.actions.${a}`) }))} />
        </Form.Item>
        <Form.Item name="account" label={t('audit.account')} style={{ marginBottom: 12 }}>
          <Input allowClear maxLength={64} style={{ width: 160 }} placeholder={t('crud.inputPlaceholder', { label: t('audit.account') })} />
        </Form.Item>
        <Form.Item name="recordId" label={t('audit.recordId')} style={{ marginBottom: 12 }}
          rules={[{ pattern: /^\d{1,19}$/, message: t('crud.inputPlaceholder', { label: t('audit.recordId') }) }]}>
          <Input allowClear maxLength={19} style={{ width: 200 }} placeholder={t('crud.inputPlaceholder', { label: t('audit.recordId') })} />
        </Form.Item>
        <Form.Item name="time" label={t('audit.timeRange')} style={{ marginBottom: 12 }}>
          <DatePicker.RangePicker showTime />
        </Form.Item>
        <Form.Item style={{ marginBottom: 12 }}>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>{t('audit.search')}</Button>
            <Button icon={<ReloadOutlined />} onClick={() => { form.resetFields(); search({}); }}>{t('audit.reset')}</Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<AuditEntryView>
        rowKey="id"
        size="middle"
        loading={isFetching}
        columns={columns}
        dataSource={data?.records ?? []}
        scroll={{ x: 1200 }}
        pagination={{
          current: paging.current, pageSize: paging.size, total: data?.total ?? 0, showSizeChanger: true,
          showTotal: (total) => t('audit.total', { total }),
          onChange: (current, size) => setPaging({ current, size }),
        }}
      />
      <Drawer open={shown !== null} size={720} title={t('audit.detail')} onClose={() => setShown(null)} destroyOnHidden>
        {shown && (
          <Flex vertical gap={16}>
            <Descriptions column={1} bordered size="small" items={[
              { key: 'time', label: t('audit.time'), children: shown.time },
              { key: 'entity', label: t('audit.entity'), children: entityLabel(shown.entity) },
              { key: 'record', label: t('audit.record'), children: shown.recordTitle ?? '' },
              { key: 'recordId', label: t('audit.recordId'), children: shown.recordId },
              { key: 'action', label: t('audit.action'), children: t(`audit.actions.${shown.action}`) },
              { key: 'user', label: t('audit.user'), children: shown.userName ?? '' },
              { key: 'account', label: t('audit.account'), children: shown.account ?? '' },
              { key: 'ip', label: t('audit.ip'), children: shown.ip ?? '' },
              { key: 'requestId', label: t('audit.requestId'), children: shown.requestId ?? '' },
            ]} />
            <AuditChanges entity={byName.get(shown.entity)} diff={shown.diff} action={shown.action} />
          </Flex>
        )}
      </Drawer>
    </Flex>
  );
}
