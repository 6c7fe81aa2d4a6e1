import { JOB_LABELS, JOB_STATES, jobLabel, type JobState, type JobView } from '@alumni/domain';
import { App, Button, Descriptions, Drawer, Flex, Form, Progress, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData, postData } from '../../api/http';
import { useMenuStore } from '../../stores/menu-store';

type Job = JobView;

interface Page { records: Job[]; total: number }

const STATE_COLORS: Record<JobState, string> = {
  created: 'default', retry: 'orange', active: 'processing', completed: 'success', cancelled: 'default', failed: 'error',
};
const OPEN: ReadonlySet<JobState> = new Set(['created', 'retry', 'active']);

const errorOf = (job: Job): string | null => {
  const output = job.output as { error?: unknown } | null;
  return (job.state === 'failed' || job.state === 'retry') && output && typeof output.error === 'string' ? output.error : null;
};

const json = (value: unknown): string => JSON.stringify(value ?? null, null, 2);

/**
 * The job queue (docs/job-queue.md): every job with its state, progress and error, newest first;
 * a job's parameters and result; cancel a waiting or running job, run a failed one again. The
 * list refreshes itself while any job on it is still open.
 */
export default function JobPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { modal, message } = App.useApp();
  const buttons = useMenuStore((s) => s.buttons);
  const [form] = Form.useForm<{ name?: string; state?: JobState }>();
  const [filters, setFilters] = useState<{ name?: string; state?: JobState }>({});
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const [page, setPage] = useState<Page>({ records: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [shown, setShown] = useState<Job | null>(null);

  const load = useCallback(async (quiet = false) => {
    if (!quiet) setLoading(true);
    try {
      setPage(await getData<Page>('/blade-job/job/list', { ...paging, ...filters }));
    } finally {
      if (!quiet) setLoading(false);
    }
  }, [paging, filters]);

  useEffect(() => { void load(); }, [load]);

  const anyOpen = page.records.some((j) => OPEN.has(j.state));
  useEffect(() => {
    if (!anyOpen) return undefined;
    const timer = setInterval(() => { void load(true); }, 3000);
    return () => clearInterval(timer);
  }, [anyOpen, load]);

  const act = (job: Job, action: 'cancel' | 'retry') => {
    modal.confirm({
      title: t(action === 'cancel' ? 'job.cancelConfirm' : 'job.retryConfirm'),
      onOk: async () => {
        const done = await postData<boolean>(`/blade-job/job/${action}`, undefined, { id: job.id });
        if (done) void message.success(t(action === 'cancel' ? 'job.cancelled' : 'job.retried'));
        else void message.warning(t(action === 'cancel' ? 'job.notCancelled' : 'job.notRetried'));
        await load();
      },
    });
  };

  const columns: ColumnsType<Job> = [
    {
      title: t('job.name'), dataIndex: 'name', width: 240,
      // The label, and below it the queue name the logs and the API use.
      render: (name: string) => (
        <Flex vertical>
          <span data-testid="job-name">{jobLabel(name, lang)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{name}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('job.state'), dataIndex: 'state', width: 110,
      render: (state: JobState) => <Tag color={STATE_COLORS[state]}>{t(`job.states.${state}`)}</Tag>,
    },
    {
      title: t('job.progress'), key: 'progress', width: 200,
      render: (_, job) => (job.progressTotal ? (
        <Tooltip title={job.progressMessage ?? `${job.progressDone ?? 0} / ${job.progressTotal}`}>
          <Progress
            size="small"
            percent={Math.floor(((job.progressDone ?? 0) * 100) / job.progressTotal)}
            status={job.state === 'failed' ? 'exception' : job.state === 'active' ? 'active' : undefined}
            format={() => `${job.progressDone ?? 0}/${job.progressTotal}`}
          />
        </Tooltip>
      ) : '—'),
    },
    { title: t('job.retries'), key: 'retries', width: 90, render: (_, job) => `${job.retryCount}/${job.retryLimit}` },
    {
      title: t('job.error'), key: 'error', ellipsis: true,
      render: (_, job) => <Typography.Text type="danger">{errorOf(job) ?? ''}</Typography.Text>,
    },
    { title: t('job.createdOn'), dataIndex: 'createdOn', width: 170 },
    { title: t('job.completedOn'), dataIndex: 'completedOn', width: 170 },
    {
      title: t('job.actions'), key: 'actions', width: 190, fixed: 'right',
      render: (_, job) => (
        <Space size={0}>
          {buttons.job_view && <Button type="link" size="small" onClick={() => setShown(job)}>{t('job.view')}</Button>}
          {buttons.job_cancel && OPEN.has(job.state) && <Button type="link" size="small" danger onClick={() => act(job, 'cancel')}>{t('job.cancel')}</Button>}
          {buttons.job_retry && (job.state === 'failed' || job.state === 'cancelled') && (
            <Button type="link" size="small" onClick={() => act(job, 'retry')}>{t('job.retry')}</Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Form
        form={form}
        layout="inline"
        onFinish={(values) => {
          setFilters({ ...(values.name ? { name: values.name } : {}), ...(values.state ? { state: values.state } : {}) });
          setPaging((p) => ({ ...p, current: 1 }));
        }}
      >
        <Form.Item name="name" label={t('job.name')}>
          <Select allowClear showSearch optionFilterProp="label" style={{ width: 220 }}
            options={Object.entries(JOB_LABELS).map(([value, label]) => ({ value, label: label[lang] }))} />
        </Form.Item>
        <Form.Item name="state" label={t('job.state')}>
          <Select allowClear style={{ width: 160 }} options={JOB_STATES.map((s) => ({ value: s, label: t(`job.states.${s}`) }))} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">{t('job.search')}</Button>
            <Button onClick={() => { form.resetFields(); setFilters({}); setPaging((p) => ({ ...p, current: 1 })); }}>{t('job.reset')}</Button>
            <Button onClick={() => void load()}>{t('job.refresh')}</Button>
          </Space>
        </Form.Item>
      </Form>
      {anyOpen && <Typography.Text type="secondary">{t('job.autoRefresh')}</Typography.Text>}
      <Table<Job>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={page.records}
        scroll={{ x: 1200 }}
        pagination={{
          current: paging.current, pageSize: paging.size, total: page.total, showSizeChanger: true,
          showTotal: (total) => t('job.total', { total }),
          onChange: (current, size) => setPaging({ current, size }),
        }}
      />
      <Drawer open={shown !== null} width={640} title={t('job.detail')} onClose={() => setShown(null)} destroyOnHidden>
        {shown && (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="ID">{shown.id}</Descriptions.Item>
            <Descriptions.Item label={t('job.name')}>{jobLabel(shown.name, lang)} <Typography.Text type="secondary">({shown.name})</Typography.Text></Descriptions.Item>
            <Descriptions.Item label={t('job.state')}><Tag color={STATE_COLORS[shown.state]}>{t(`job.states.${shown.state}`)}</Tag></Descriptions.Item>
            <Descriptions.Item label={t('job.progress')}>
              {shown.progressTotal ? `${shown.progressDone ?? 0}/${shown.progressTotal}${shown.progressMessage ? ` · ${shown.progressMessage}` : ''}` : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('job.retries')}>{`${shown.retryCount}/${shown.retryLimit}`}</Descriptions.Item>
            <Descriptions.Item label={t('job.createdOn')}>{shown.createdOn}</Descriptions.Item>
            <Descriptions.Item label={t('job.startedOn')}>{shown.startedOn ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('job.completedOn')}>{shown.completedOn ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('job.data')}><pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{json(shown.data)}</pre></Descriptions.Item>
            <Descriptions.Item label={t('job.output')}><pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{json(shown.output)}</pre></Descriptions.Item>
          </Descriptions>
        )}
      </Drawer>
    </Flex>
  );
}
