import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData, http, postData } from '../../api/http';
import { toast } from '../../lib/feedback';
import { useCan } from '../../stores/menu-store';
import { InstanceDiagram } from './InstanceDiagram';
import type { DefinitionRecord, Page } from './workflow-api';

interface RunningRecord {
  processInstanceId: string;
  processDefinitionName: string | null;
  processDefinitionVersion: number;
  startUserName: string | null;
  startTime: string | null;
  currentTaskName: string | null;
}

function usePage<T>(key: string, url: string, filters: Record<string, string | undefined>) {
  const [page, setPage] = useState({ current: 1, size: 10 });
  const query = useQuery({ queryKey: [key, filters, page], queryFn: () => getData<Page<T>>(url, { ...filters, current: page.current, size: page.size }) });
  const pagination = {
    current: page.current, pageSize: page.size, total: query.data?.total ?? 0, showSizeChanger: true,
    onChange: (current: number, size: number) => setPage({ current, size }),
  };
  return { query, pagination, first: () => setPage((p) => ({ ...p, current: 1 })) };
}

function NameSearch({ label, onSearch }: { label: string; onSearch: (name: string | undefined) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name?: string }>();
  return (
    <Form form={form} layout="inline" className="entity-search" onFinish={(v) => onSearch(v.name?.trim() || undefined)}>
      <Form.Item name="name" label={label}><Input allowClear maxLength={100} /></Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">{t('crud.search')}</Button>
        <Button onClick={() => { form.resetFields(); onSearch(undefined); }}>{t('crud.reset')}</Button>
      </Space>
    </Form>
  );
}

/** 部署管理 and 流程管理: every deployed version; upload a BPMN file, suspend or activate, remove. */
function DefinitionList({ withUpload }: { withUpload: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [name, setName] = useState<string | undefined>();
  const [category, setCategory] = useState('1');
  const { query, pagination, first } = usePage<DefinitionRecord>('flow-definitions', '/blade-flow/manager/list', { name });
  const canUpload = useCan('flow_deploy_upload');
  const canState = useCan('flow_manager_state');
  const canRemove = useCan('flow_manager_remove');
  const refresh = () => client.invalidateQueries({ queryKey: ['flow-definitions'] });
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      await http.post('/blade-flow/manager/deploy-upload', form, { params: { category } });
    },
    onSuccess: async () => { toast.success(t('workflow.admin.deployed')); await refresh(); },
  });
  const change = useMutation({
    mutationFn: (r: DefinitionRecord) => postData('/blade-flow/manager/change-state', undefined, { processId: r.id, state: r.suspensionState === 1 ? 'suspend' : 'active' }),
    onSuccess: async () => { toast.success(t('crud.opSuccess')); await refresh(); },
  });
  const remove = useMutation({
    mutationFn: (r: DefinitionRecord) => postData('/blade-flow/manager/delete-deployment', undefined, { deploymentIds: r.id }),
    onSuccess: async () => { toast.success(t('crud.opSuccess')); await refresh(); },
  });
  const columns: ColumnsType<DefinitionRecord> = [
    { key: 'name', dataIndex: 'name', title: t('workflow.processName') },
    { key: 'key', dataIndex: 'key', title: t('workflow.admin.key') },
    { key: 'version', title: t('workflow.version'), width: 90, render: (_, r) => `v${r.version}` },
    { key: 'category', dataIndex: 'categoryName', title: t('workflow.category') },
    { key: 'state', title: t('workflow.status'), width: 100, render: (_, r) => (r.suspensionState === 1 ? <Tag color="success">{t('workflow.admin.active')}</Tag> : <Tag>{t('workflow.admin.suspended')}</Tag>) },
    { key: 'time', dataIndex: 'deploymentTime', title: t('workflow.admin.deployTime'), width: 180 },
    ...(withUpload ? [] : [{
      key: 'actions', title: '', width: 170, render: (_: unknown, r: DefinitionRecord) => (
        <Space size="small">
          {canState && (
            <Popconfirm title={t(r.suspensionState === 1 ? 'workflow.admin.suspendConfirm' : 'workflow.admin.activateConfirm')} onConfirm={() => change.mutateAsync(r)}>
              <Button type="link" size="small">{t(r.suspensionState === 1 ? 'workflow.admin.suspend' : 'workflow.admin.activate')}</Button>
            </Popconfirm>
          )}
          {canRemove && (
            <Popconfirm title={t('workflow.admin.removeConfirm')} onConfirm={() => remove.mutateAsync(r)}>
              <Button type="link" size="small" danger>{t('crud.delete')}</Button>
            </Popconfirm>
          )}
        </Space>
      ),
    }]),
  ];
  return (
    <Card className="entity-page" role="region" aria-label={t(withUpload ? 'workflow.admin.deployTitle' : 'workflow.admin.managerTitle')}>
      <NameSearch label={t('workflow.processName')} onSearch={(n) => { setName(n); first(); }} />
      {withUpload && canUpload && (
        <Space style={{ margin: '12px 0' }}>
          <Select value={category} onChange={setCategory} style={{ width: 160 }} aria-label={t('workflow.category')}
            options={[{ value: '1', label: t('workflow.admin.leaveCategory') }]} />
          <Upload accept=".bpmn,.xml" showUploadList={false} customRequest={({ file }) => void upload.mutateAsync(file as File).catch(() => undefined)}>
            <Button type="primary" icon={<UploadOutlined />} loading={upload.isPending}>{t('workflow.admin.upload')}</Button>
          </Upload>
        </Space>
      )}
      <Table<DefinitionRecord> rowKey="id" loading={query.isFetching} dataSource={query.data?.records ?? []} columns={columns} pagination={pagination}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }} />
    </Card>
  );
}

/** 流程跟踪: running instances with their current step; an administrator may stop one, giving a reason. */
function FollowList() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [name, setName] = useState<string | undefined>();
  const [stopping, setStopping] = useState<RunningRecord | null>(null);
  const [viewing, setViewing] = useState<RunningRecord | null>(null);
  const [reason, setReason] = useState('');
  const { query, pagination, first } = usePage<RunningRecord>('flow-follow', '/blade-flow/follow/list', { processDefinitionName: name });
  const canStop = useCan('flow_follow_delete');
  const stop = useMutation({
    mutationFn: (r: RunningRecord) => postData('/blade-flow/follow/delete-process', undefined, { processInstanceId: r.processInstanceId, deleteReason: reason.trim() }),
    onSuccess: async () => {
      toast.success(t('crud.opSuccess'));
      setStopping(null);
      await client.invalidateQueries({ queryKey: ['flow-follow'] });
    },
  });
  const columns: ColumnsType<RunningRecord> = [
    { key: 'name', dataIndex: 'processDefinitionName', title: t('workflow.processName') },
    { key: 'version', title: t('workflow.version'), width: 90, render: (_, r) => `v${r.processDefinitionVersion}` },
    { key: 'starter', dataIndex: 'startUserName', title: t('workflow.startUser') },
    { key: 'start', dataIndex: 'startTime', title: t('workflow.startTime'), width: 180 },
    { key: 'task', dataIndex: 'currentTaskName', title: t('workflow.taskName') },
    { key: 'actions', title: '', width: 160, render: (_, r) => (
      <Space size="small">
        <Button type="link" size="small" onClick={() => setViewing(r)}>{t('workflow.diagram.title')}</Button>
        {canStop && <Button type="link" size="small" danger onClick={() => { setReason(''); setStopping(r); }}>{t('crud.delete')}</Button>}
      </Space>
    ) },
  ];
  return (
    <Card className="entity-page" role="region" aria-label={t('workflow.admin.followTitle')}>
      <NameSearch label={t('workflow.processName')} onSearch={(n) => { setName(n); first(); }} />
      <Table<RunningRecord> rowKey="processInstanceId" loading={query.isFetching} dataSource={query.data?.records ?? []} columns={columns} pagination={pagination}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }} />
      <Modal open={!!viewing} width={960} footer={null} title={viewing?.processDefinitionName} onCancel={() => setViewing(null)} destroyOnHidden>
        {viewing && <InstanceDiagram processInstanceId={viewing.processInstanceId} />}
      </Modal>
      <Modal open={!!stopping} title={t('workflow.admin.stopTitle')} okButtonProps={{ danger: true, loading: stop.isPending, disabled: !reason.trim() }}
        onOk={() => stopping && stop.mutate(stopping)} onCancel={() => setStopping(null)}>
        <p>{t('workflow.admin.stopConfirm')}</p>
        <Input.TextArea rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t('workflow.admin.stopReason')} aria-label={t('workflow.admin.stopReason')} />
      </Modal>
    </Card>
  );
}

export const DeployPage = () => <DefinitionList withUpload />;
export const ManagerPage = () => <DefinitionList withUpload={false} />;
export const FollowPage = FollowList;
