import type { ImportReport, ImportRunState, ImportRunView } from '@alumni/domain';
import { Alert, App, Button, Card, Descriptions, Flex, Form, Input, Progress, Select, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData, postData } from '../../api/http';
import { useCan } from '../../stores/menu-store';
import { ImportReportView } from './ImportReportView';

interface SourceForm {
  datasourceId?: string;
  tenantIds?: string[];
  tenantMap?: string;
}

interface ImportBody {
  datasourceId: string;
  tenantIds: string[];
  tenantMap: Record<string, string>;
}

interface Datasource {
  id: string;
  name: string;
  url: string;
}

const BASE = '/blade-develop/bladex-import';
const STATE_COLORS: Record<ImportRunState, string> = { queued: 'default', running: 'processing', completed: 'success', failed: 'error' };
const OPEN: ReadonlySet<ImportRunState> = new Set(['queued', 'running']);

/** `200001=200009` lines as a map; the number of the first line that is not such a pair. */
function parseTenantMap(text: string | undefined): Record<string, string> | number {
  const out: Record<string, string> = {};
  const lines = (text ?? '').split('\n');
  for (const [i, line] of lines.entries()) {
    if (!line.trim()) continue;
    const m = /^\s*([A-Za-z0-9]{1,12})\s*=\s*([A-Za-z0-9]{1,12})\s*$/.exec(line);
    if (!m) return i + 1;
    out[m[1] as string] = m[2] as string;
  }
  return out;
}

/**
 * 从 BladeX 迁移 (decisions 194–197): the BladeX database to read, a dry run with its report (what
 * each kind becomes, the menus without a match and every other finding), then the import as a
 * job whose progress and report this page follows.
 */
export default function BladexImportPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const canDryRun = useCan('bladeximport_dryrun');
  const canRun = useCan('bladeximport_run');
  const [form] = Form.useForm<SourceForm>();
  const [report, setReport] = useState<ImportReport | null>(null);
  const [tested, setTested] = useState<ImportBody | null>(null);
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState<ImportRunView | null>(null);
  const [sources, setSources] = useState<Datasource[]>([]);
  useEffect(() => {
    void getData<{ records: Datasource[] }>('/blade-develop/datasource/list', { current: 1, size: 1000 }).then((page) => setSources(page.records));
  }, []);

  const loadLast = useCallback(async () => {
    setLast(await getData<ImportRunView | null>(`${BASE}/last`));
  }, []);
  useEffect(() => { void loadLast(); }, [loadLast]);
  const open = last !== null && OPEN.has(last.state);
  useEffect(() => {
    if (!open) return undefined;
    const timer = setInterval(() => { void loadLast(); }, 2000);
    return () => clearInterval(timer);
  }, [open, loadLast]);

  const body = async (): Promise<ImportBody | null> => {
    const values = await form.validateFields();
    const tenantMap = parseTenantMap(values.tenantMap);
    if (typeof tenantMap === 'number') {
      form.setFields([{ name: 'tenantMap', errors: [t('bladex.tenantMapBad', { line: tenantMap })] }]);
      return null;
    }
    return { datasourceId: values.datasourceId as string, tenantIds: values.tenantIds ?? [], tenantMap };
  };

  const dryRun = async () => {
    const request = await body();
    if (!request) return;
    setBusy(true);
    try {
      setReport(await postData<ImportReport>(`${BASE}/dry-run`, request));
      setTested(request);
    } finally {
      setBusy(false);
    }
  };

  const run = () => {
    if (!tested) {
      void message.warning(t('bladex.dryRunFirst'));
      return;
    }
    modal.confirm({
      title: t('bladex.runConfirm'),
      onOk: async () => {
        setLast(await postData<ImportRunView>(`${BASE}/run`, tested));
        void message.success(t('bladex.runStarted'));
      },
    });
  };

  const tenantOptions = (report?.source.tenants ?? []).map((line) => ({ value: line.tenantId, label: `${line.tenantId} ${line.tenantName ?? ''}` }));

  return (
    <Flex vertical gap={16}>
      <Alert type="info" showIcon title={t('bladex.intro')} />
      <Card title={t('bladex.sourceTitle')} size="small">
        <Form<SourceForm> form={form} layout="vertical" onValuesChange={() => setTested(null)} style={{ maxWidth: 800 }}>
          <Form.Item name="datasourceId" label={t('bladex.datasource')} extra={t('bladex.datasourceHelp')}
            rules={[{ required: true, message: t('bladex.datasourceRequired') }]}>
            <Select showSearch optionFilterProp="label" options={sources.map((d) => ({ value: d.id, label: `${d.name} (${d.url})` }))} />
          </Form.Item>
          <Form.Item name="tenantIds" label={t('bladex.tenantIds')} extra={t('bladex.tenantIdsHelp')}>
            <Select mode="tags" options={tenantOptions} tokenSeparators={[',', ' ']} />
          </Form.Item>
          <Form.Item name="tenantMap" label={t('bladex.tenantMap')} extra={t('bladex.tenantMapHelp')}>
            <Input.TextArea rows={2} placeholder="200001=200009" />
          </Form.Item>
          <Space>
            {canDryRun && <Button type="primary" loading={busy} onClick={() => void dryRun()}>{t('bladex.dryRun')}</Button>}
            {canRun && <Button disabled={!tested || open} onClick={run}>{t('bladex.run')}</Button>}
          </Space>
        </Form>
      </Card>
      {report && (
        <Card size="small" title={t('bladex.reportTitle')} extra={<Typography.Text type="secondary">{t('bladex.dryRunNote')}</Typography.Text>}>
          <section aria-label={t('bladex.reportTitle')}><ImportReportView report={report} /></section>
        </Card>
      )}
      <Card size="small" title={t('bladex.lastTitle')}>
        {last === null ? <Typography.Text type="secondary">{t('bladex.noRun')}</Typography.Text> : (
          <section aria-label={t('bladex.lastTitle')}>
            <Flex vertical gap={12}>
              <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
                <Descriptions.Item label={t('bladex.source')}>{last.source}</Descriptions.Item>
                <Descriptions.Item label={t('bladex.progress')}>
                  <Space>
                    <Tag color={STATE_COLORS[last.state]}>{t(`bladex.states.${last.state}`)}</Tag>
                    {last.progressTotal > 0 && (
                      <Progress size="small" style={{ width: 200, margin: 0 }}
                        percent={Math.floor((last.progressDone * 100) / last.progressTotal)}
                        status={last.state === 'failed' ? 'exception' : last.state === 'running' ? 'active' : undefined}
                        format={() => `${last.progressDone}/${last.progressTotal}`} />
                    )}
                  </Space>
                </Descriptions.Item>
                <Descriptions.Item label={t('bladex.startedAt')}>{last.createTime}</Descriptions.Item>
                <Descriptions.Item label={t('bladex.finishedAt')}>{last.finishTime ?? '—'}</Descriptions.Item>
                {last.error && <Descriptions.Item label={t('bladex.error')} span={2}>{last.error}</Descriptions.Item>}
              </Descriptions>
              {last.report && <ImportReportView report={last.report} />}
            </Flex>
          </section>
        )}
      </Card>
    </Flex>
  );
}
