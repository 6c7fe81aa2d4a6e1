import { retentionPolicyEntity, type DictField } from '@alumni/domain';
import { Alert, App, Button, List, Modal, Progress, Switch } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData, postData } from '../../api/http';
import type { Row } from '../../entity/entity-api';
import { EntityPage } from '../../entity/EntityPage';
import { optionTitles, useDictOptions } from '../../entity/use-options';
import { useMenuStore } from '../../stores/menu-store';

const BASE = retentionPolicyEntity.api!.base;
const COLUMNS = ['target', 'periodDays', 'action', 'enabled', 'lastRunTime', 'lastAffected'] as const;

interface RunStatus {
  state: string;
  progressDone: number | null;
  progressTotal: number | null;
  output: { targets?: { target: string; action: string; rows: number }[] } | null;
}
const FINISHED = ['completed', 'failed', 'cancelled'];

/**
 * 数据保留 (decisions 307–309): the tenant's retention policies as the generic list and form, a legal-hold
 * switch on each row and 立即执行, both asked first; a run shows its progress and then the rows per target.
 */
export default function RetentionPage() {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const buttons = useMenuStore((s) => s.buttons);
  const lang = i18n.language.startsWith('en') ? 'en' : 'zh';
  const targets = useDictOptions(retentionPolicyEntity.fields.target as DictField, lang);
  const targetNames = useMemo(() => optionTitles(targets.data), [targets.data]);
  const [version, setVersion] = useState(0);
  const [jobId, setJobId] = useState<string | null>(null);
  const [status, setStatus] = useState<RunStatus | null>(null);

  useEffect(() => {
    if (!jobId) return undefined;
    let stopped = false;
    const poll = async () => {
      const next = await getData<RunStatus>(`${BASE}/run-status`, { jobId });
      if (stopped) return;
      setStatus(next);
      if (FINISHED.includes(next.state)) setVersion((v) => v + 1);
      else setTimeout(() => void poll(), 1000);
    };
    void poll();
    return () => { stopped = true; };
  }, [jobId]);

  const toggleHold = (row: Row, hold: boolean) => modal.confirm({
    title: t(hold ? 'admin.retention.holdOnConfirm' : 'admin.retention.holdOffConfirm', { target: targetNames.get(String(row.target)) ?? row.target }),
    onOk: async () => {
      await postData(`${BASE}/submit`, { id: row.id, legalHold: hold ? 1 : 0 });
      void message.success(t(hold ? 'admin.retention.holdOn' : 'admin.retention.holdOff'));
      setVersion((v) => v + 1);
    },
  });

  const runNow = () => modal.confirm({
    title: t('admin.retention.runConfirm'),
    content: t('admin.retention.runConfirmDetail'),
    onOk: async () => {
      const started = await postData<{ jobId: string }>(`${BASE}/run`);
      setStatus(null);
      setJobId(started.jobId);
    },
  });

  const done = status && FINISHED.includes(status.state);
  const percent = status?.progressTotal ? Math.round(((status.progressDone ?? 0) * 100) / status.progressTotal) : 0;
  return (
    <>
      <Alert type="info" showIcon title={t('admin.retention.hint')} style={{ marginBottom: 12 }} />
      <EntityPage
        key={version}
        entity={retentionPolicyEntity}
        columns={COLUMNS}
        extraColumns={[{
          title: t('admin.retention.legalHold'), key: 'legalHold', width: 110,
          render: (_: unknown, row: Row) => (
            <Switch
              aria-label={`${t('admin.retention.legalHold')} ${targetNames.get(String(row.target)) ?? row.target}`}
              checked={Number(row.legalHold) === 1} disabled={!buttons.retention_edit} onChange={(hold) => toggleHold(row, hold)}
            />
          ),
        }]}
        toolbarExtra={buttons.retention_run ? <Button onClick={runNow}>{t('admin.retention.run')}</Button> : null}
      />
      <Modal
        open={jobId !== null} title={t('admin.retention.runTitle')} footer={null} onCancel={() => setJobId(null)} destroyOnHidden
      >
        {!done && <Progress percent={percent} status="active" />}
        {done && status?.state !== 'completed' && <Alert type="error" showIcon title={t('admin.retention.runFailed')} />}
        {done && status?.state === 'completed' && (
          <List
            size="small" header={t('admin.retention.runDone')}
            dataSource={status.output?.targets ?? []}
            locale={{ emptyText: t('admin.retention.nothingToRun') }}
            renderItem={(item) => (
              <List.Item data-testid="retention-result">
                {t('admin.retention.rows', { target: targetNames.get(item.target) ?? item.target, rows: item.rows, action: t(`admin.retention.${item.action}`) })}
              </List.Item>
            )}
          />
        )}
      </Modal>
    </>
  );
}
