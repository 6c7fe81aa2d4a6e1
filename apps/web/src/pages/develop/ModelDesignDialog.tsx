import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { FIELD_KINDS, SEARCH_MODES, type ModelPrototype } from '@alumni/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Input, Modal, Select, Space, Table, type TableColumnType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchDatasources, fetchPrototypes, saveModelSource, savePrototypes } from './develop-api';
import { SourceTableSelect } from './TableSelect';

type Row = ModelPrototype & { key: string };
type Flag = 'isList' | 'isForm' | 'isRow' | 'isRequired' | 'isQuery';

const keyOf = (p: ModelPrototype) => p.jdbcName;

/**
 * Fields proposed afresh from the table, each replaced by the design's own field of the same column
 * where there is one (its edits and id kept); columns no longer in the table leave the design.
 */
export const mergeProposed = (design: readonly ModelPrototype[], proposed: readonly ModelPrototype[]): ModelPrototype[] => {
  const mine = new Map(design.map((p) => [keyOf(p), p]));
  return proposed.map((p) => mine.get(keyOf(p)) ?? p);
};

interface Props {
  model: Record<string, unknown>;
  canEditSource: boolean;
  onClose: () => void;
}

/** 模型设计: the model's data source and table, and its fields in an editable grid, saved at once. */
export function ModelDesignDialog({ model, canEditSource, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const modelId = String(model.id);
  const [datasourceId, setDatasourceId] = useState(String(model.datasourceId ?? ''));
  const [table, setTable] = useState(String(model.modelTable ?? ''));
  const [rows, setRows] = useState<Row[] | null>(null);
  const [busy, setBusy] = useState(false);
  const sources = useQuery({ queryKey: ['develop-datasources'], queryFn: fetchDatasources });
  const loaded = useQuery({ queryKey: ['develop-prototypes', modelId], queryFn: () => fetchPrototypes(modelId), retry: false, gcTime: 0 });
  useEffect(() => {
    if (loaded.data && rows === null) setRows(loaded.data.map((p) => ({ ...p, key: keyOf(p) })));
  }, [loaded.data, rows]);

  const sourceChanged = datasourceId !== String(model.datasourceId ?? '') || table !== String(model.modelTable ?? '');
  const change = (key: string, patch: Partial<ModelPrototype>) => setRows((list) => (list ?? []).map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const refresh = async () => {
    setBusy(true);
    try {
      if (sourceChanged) {
        await saveModelSource(modelId, datasourceId, table);
        model.datasourceId = datasourceId;
        model.modelTable = table;
        void client.invalidateQueries({ queryKey: ['entity'] });
      }
      const proposed = await fetchPrototypes(modelId, true);
      setRows(mergeProposed(rows ?? [], proposed).map((p) => ({ ...p, key: keyOf(p) })));
    } catch {
      // shown as a toast
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    if (!rows || rows.length === 0) return;
    setBusy(true);
    try {
      if (sourceChanged) await saveModelSource(modelId, datasourceId, table);
      await savePrototypes(rows.map(({ key: _key, ...p }) => p));
      message.success(t('develop.designSaved'));
      void client.invalidateQueries({ queryKey: ['entity'] });
      onClose();
    } catch {
      // shown as a toast
    } finally {
      setBusy(false);
    }
  };

  const flag = (name: Flag) => ({
    title: t(`develop.col.${name}`), dataIndex: name, width: 64, align: 'center' as const,
    render: (_: unknown, r: Row) => (
      <Checkbox aria-label={`${r.jdbcName} ${t(`develop.col.${name}`)}`} checked={r[name] === 1} onChange={(e) => change(r.key, { [name]: e.target.checked ? 1 : 0 })} />
    ),
  });
  const text = (name: 'propertyName' | 'comment' | 'commentEn', width: number) => ({
    title: t(`develop.col.${name}`), dataIndex: name, width,
    render: (_: unknown, r: Row) => (
      <Input size="small" aria-label={`${r.jdbcName} ${t(`develop.col.${name}`)}`} value={r[name] ?? ''} onChange={(e) => change(r.key, { [name]: e.target.value })} />
    ),
  });
  const kindOptions = useMemo(() => FIELD_KINDS.map((k) => ({ value: k, label: t(`develop.kind.${k}`) })), [t]);
  const searchOptions = useMemo(() => SEARCH_MODES.map((m) => ({ value: m, label: t(`develop.search.${m}`) })), [t]);

  const columns: TableColumnType<Row>[] = [
    { title: t('develop.col.jdbcName'), dataIndex: 'jdbcName', width: 140, fixed: 'left' },
    { title: t('develop.col.jdbcType'), dataIndex: 'jdbcType', width: 120, ellipsis: true },
    text('propertyName', 140),
    text('comment', 130),
    text('commentEn', 130),
    {
      title: t('develop.col.propertyType'), dataIndex: 'propertyType', width: 120,
      render: (_, r) => (
        <Select size="small" aria-label={`${r.jdbcName} ${t('develop.col.propertyType')}`} style={{ width: '100%' }} value={r.propertyType ?? undefined} options={kindOptions}
          onChange={(kind: string) => change(r.key, { propertyType: kind, ...(kind === 'dict' ? {} : { dictCode: null }) })} />
      ),
    },
    {
      title: t('develop.col.dictCode'), dataIndex: 'dictCode', width: 120,
      render: (_, r) => (
        <Input size="small" aria-label={`${r.jdbcName} ${t('develop.col.dictCode')}`} disabled={r.propertyType !== 'dict'} value={r.dictCode ?? ''} onChange={(e) => change(r.key, { dictCode: e.target.value })} />
      ),
    },
    flag('isList'),
    flag('isQuery'),
    {
      title: t('develop.col.queryType'), dataIndex: 'queryType', width: 100,
      render: (_, r) => (
        <Select size="small" aria-label={`${r.jdbcName} ${t('develop.col.queryType')}`} style={{ width: '100%' }} disabled={r.isQuery !== 1} value={r.queryType ?? undefined} options={searchOptions} allowClear
          onChange={(mode?: string) => change(r.key, { queryType: mode ?? null })} />
      ),
    },
    flag('isForm'),
    flag('isRow'),
    flag('isRequired'),
    {
      title: t('crud.actions'), key: 'actions', width: 70, fixed: 'right',
      render: (_, r) => <Button type="link" size="small" danger onClick={() => setRows((list) => (list ?? []).filter((x) => x.key !== r.key))}>{t('develop.dropField')}</Button>,
    },
  ];

  return (
    <Modal
      open width={1320} style={{ top: 24 }} title={t('develop.designTitle', { name: String(model.modelName ?? '') })}
      okText={t('crud.save')} cancelText={t('crud.cancel')} onOk={() => void save()} onCancel={onClose}
      okButtonProps={{ loading: busy, disabled: !rows || rows.length === 0 }} destroyOnHidden maskClosable={false}
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <span>{t('develop.datasource')}</span>
        <Select style={{ width: 220 }} aria-label={t('develop.datasource')} disabled={!canEditSource} value={datasourceId || undefined} loading={sources.isFetching}
          options={(sources.data ?? []).map((s) => ({ value: s.id, label: s.name }))} onChange={(id: string) => { setDatasourceId(id); setTable(''); }} />
        <span>{t('develop.table')}</span>
        <div style={{ width: 300 }}>
          <SourceTableSelect datasourceId={datasourceId || undefined} value={table || undefined} onChange={setTable} disabled={!canEditSource} />
        </div>
        <Button icon={<ReloadOutlined />} loading={busy} disabled={!datasourceId || !table} onClick={() => void refresh()}>{t('develop.loadFromTable')}</Button>
      </Space>
      <Table<Row>
        size="small" rowKey="key" bordered pagination={false} scroll={{ x: 1500, y: 520 }} loading={loaded.isFetching}
        dataSource={rows ?? []} columns={columns} aria-label={t('develop.fields')}
      />
    </Modal>
  );
}
