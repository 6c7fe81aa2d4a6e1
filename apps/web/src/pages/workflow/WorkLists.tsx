import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Input, Popconfirm, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/feedback';
import { useCan } from '../../stores/menu-store';
import { claimTask, fetchWorkList, leaveRoutes, processRoutes, startProcess, taskHandleRoute, type DefinitionRecord, type WorkListName, type WorkRecord } from './workflow-api';

interface Filters { processDefinitionName?: string; taskName?: string }

/** The search bar of a list: process name, and the step for task lists. */
function SearchBar({ onSearch, withTask }: { onSearch: (f: Filters) => void; withTask: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Filters>();
  return (
    <Form form={form} layout="inline" className="entity-search" onFinish={(v) => onSearch({ processDefinitionName: v.processDefinitionName?.trim() || undefined, taskName: v.taskName?.trim() || undefined })}>
      <Form.Item name="processDefinitionName" label={t('workflow.processName')}><Input allowClear maxLength={100} /></Form.Item>
      {withTask && <Form.Item name="taskName" label={t('workflow.taskName')}><Input allowClear maxLength={100} /></Form.Item>}
      <Space>
        <Button type="primary" htmlType="submit">{t('crud.search')}</Button>
        <Button onClick={() => { form.resetFields(); onSearch({}); }}>{t('crud.reset')}</Button>
      </Space>
    </Form>
  );
}

function usePaged<T>(list: WorkListName, filters: Record<string, string | undefined>) {
  const [page, setPage] = useState({ current: 1, size: 10 });
  const query = useQuery({
    queryKey: ['work-list', list, filters, page],
    queryFn: () => fetchWorkList<T>(list, { ...filters, current: page.current, size: page.size }),
  });
  const pagination = {
    current: page.current, pageSize: page.size, total: query.data?.total ?? 0, showSizeChanger: true,
    onChange: (current: number, size: number) => setPage({ current, size }),
  };
  return { query, pagination, reset: () => setPage((p) => ({ ...p, current: 1 })) };
}

/** 待签 / 待办 / 已发 / 办结 (DOMAIN 16.1): one list each, paged and searchable. */
function WorkList({ list }: { list: Exclude<WorkListName, 'start'> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [filters, setFilters] = useState<Filters>({});
  const { query, pagination, reset } = usePaged<WorkRecord>(list, { ...filters });
  const canClaim = useCan('work_claim_sign');
  const canHandle = useCan('work_todo_handle');
  const canDetail = useCan(`work_${list}_detail`);
  const claim = useMutation({
    mutationFn: (taskId: string) => claimTask(taskId),
    onSuccess: async () => {
      toast.success(t('workflow.claimed'));
      await client.invalidateQueries({ queryKey: ['work-list'] });
    },
  });
  const isLeave = (r: WorkRecord) => !!r.businessId && r.processDefinitionKey === 'leave';
  const detailLink = (r: WorkRecord) => (isLeave(r)
    ? leaveRoutes.detail({ processInstanceId: r.processInstanceId, businessId: r.businessId as string }) : processRoutes.detail(r));
  const handleLink = (r: WorkRecord & { taskId: string }) => taskHandleRoute(r);
  const statusTag = (r: WorkRecord) => {
    if (!r.processIsFinished) return <Tag color="processing">{t('workflow.running')}</Tag>;
    if (r.processStatus === 'deleted') return <Tag>{t('workflow.deleted')}</Tag>;
    return <Tag color="success">{t('workflow.finished')}</Tag>;
  };
  const columns: ColumnsType<WorkRecord> = [
    { key: 'process', dataIndex: 'processDefinitionName', title: t('workflow.processName') },
    { key: 'task', title: t('workflow.taskName'), render: (_, r) => (list === 'send' ? r.currentTaskName ?? '—' : r.taskName) },
    { key: 'starter', dataIndex: 'startUserName', title: t('workflow.startUser') },
    { key: 'time', title: t(list === 'send' ? 'workflow.startTime' : list === 'done' ? 'workflow.endTime' : 'workflow.createTime'), width: 180,
      render: (_, r) => (list === 'done' ? r.historyTaskEndTime : r.createTime) },
    { key: 'status', title: t('workflow.status'), width: 110, render: (_, r) => statusTag(r) },
    {
      key: 'actions', title: '', width: 170, render: (_, r) => {
        const detail = detailLink(r);
        return (
          <Space size="small">
            {list === 'claim' && canClaim && r.taskId && (
              <Popconfirm title={t('workflow.claimConfirm')} onConfirm={() => claim.mutateAsync(r.taskId as string)}>
                <Button type="link" size="small">{t('workflow.claim')}</Button>
              </Popconfirm>
            )}
            {list === 'todo' && canHandle && r.taskId && (
              <Button type="link" size="small" onClick={() => navigate(handleLink({ ...r, taskId: r.taskId as string }))}>
                {t('workflow.handle')}
              </Button>
            )}
            {canDetail && <Button type="link" size="small" onClick={() => navigate(detail)}>{t('workflow.detail')}</Button>}
          </Space>
        );
      },
    },
  ];
  return (
    <Card className="entity-page" role="region" aria-label={t(`workflow.lists.${list}`)}>
      <SearchBar withTask onSearch={(f) => { setFilters(f); reset(); }} />
      <Table<WorkRecord>
        rowKey={(r) => r.taskId ?? r.processInstanceId}
        loading={query.isFetching}
        dataSource={query.data?.records ?? []}
        columns={columns}
        pagination={pagination}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
      />
    </Card>
  );
}

/** 发起事务: the processes the caller can start; the leave process opens its form. */
function StartList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<Filters>({});
  // The start list searches the process name as `name`.
  const { query, pagination, reset } = usePaged<DefinitionRecord>('start', { name: filters.processDefinitionName });
  const canStart = useCan('work_start_flow');
  const start = useMutation({
    mutationFn: (r: DefinitionRecord) => startProcess(r.id),
    onSuccess: () => {
      toast.success(t('workflow.started'));
      navigate('/work/send');
    },
  });
  const columns: ColumnsType<DefinitionRecord> = [
    { key: 'name', dataIndex: 'name', title: t('workflow.processName') },
    { key: 'category', dataIndex: 'categoryName', title: t('workflow.category') },
    { key: 'version', title: t('workflow.version'), width: 90, render: (_, r) => `v${r.version}` },
    { key: 'time', dataIndex: 'deploymentTime', title: t('workflow.startTime'), width: 180 },
    {
      // The leave process opens its form; a process without a form starts at once, asked first.
      key: 'actions', title: '', width: 110, render: (_, r) => (!canStart ? null : r.key === 'leave'
        ? <Button type="link" size="small" onClick={() => navigate(leaveRoutes.form(r.id))}>{t('workflow.start')}</Button>
        : (
          <Popconfirm title={t('workflow.startConfirm', { name: r.name })} onConfirm={() => start.mutateAsync(r)}>
            <Button type="link" size="small">{t('workflow.start')}</Button>
          </Popconfirm>
        )),
    },
  ];
  return (
    <Card className="entity-page" role="region" aria-label={t('workflow.lists.start')}>
      <SearchBar withTask={false} onSearch={(f) => { setFilters(f); reset(); }} />
      <Table<DefinitionRecord>
        rowKey="id"
        loading={query.isFetching}
        dataSource={query.data?.records ?? []}
        columns={columns}
        pagination={pagination}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workflow.noProcesses')} /> }}
      />
    </Card>
  );
}

export const StartPage = StartList;
export const ClaimPage = () => <WorkList list="claim" />;
export const TodoPage = () => <WorkList list="todo" />;
export const SendPage = () => <WorkList list="send" />;
export const DonePage = () => <WorkList list="done" />;
