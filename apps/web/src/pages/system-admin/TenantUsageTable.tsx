import { QUOTA_LABELS, QUOTA_WARNING_SHARE, quotaLevel, type QuotaUsage, type TenantUsage } from '@alumni/domain';
import { Progress, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const LEVEL_COLOR = { warning: 'orange', full: 'red' } as const;

/** A quota's figure: storage in bytes shown as MB, the others as counts. */
function figure(kind: QuotaUsage['kind'], n: number): string {
  return kind === 'storage' ? `${(n / (1024 * 1024)).toFixed(2)} MB` : String(n);
}

/** One quota: used of its limit, a bar, and a warning from 80 % and a refusal note at 100 %. */
function QuotaCell({ quota }: { quota: QuotaUsage }) {
  const { t } = useTranslation();
  const level = quotaLevel(quota.used, quota.limit);
  if (level === 'unlimited') return <span data-level={level}>{figure(quota.kind, quota.used)} / {t('admin.quotaUnlimited')}</span>;
  const percent = quota.limit === 0 ? 100 : Math.min(100, Math.round((quota.used / quota.limit) * 100));
  return (
    <div data-level={level} data-kind={quota.kind}>
      <div>{figure(quota.kind, quota.used)} / {figure(quota.kind, quota.limit)}</div>
      {level !== 'normal' && (
        <Tag color={LEVEL_COLOR[level]} style={{ marginBlockStart: 4, whiteSpace: 'normal' }}>
          {level === 'full' ? t('admin.quotaFull') : t('admin.quotaWarning', { share: QUOTA_WARNING_SHARE * 100 })}
        </Tag>
      )}
      <Progress percent={percent} size="small" status={level === 'full' ? 'exception' : 'normal'} strokeColor={level === 'warning' ? '#fa8c16' : undefined} />
    </div>
  );
}

/** The usage of each quota of each tenant, one row a tenant. */
export function TenantUsageTable({ usage, loading }: { usage: TenantUsage[]; loading?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const kinds = usage[0]?.quotas.map((q) => q.kind) ?? [];
  return (
    <Table<TenantUsage>
      rowKey="tenantId"
      size="small"
      loading={loading}
      pagination={false}
      dataSource={usage}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: t('admin.quotaTenant'), key: 'tenant', render: (_, row) => <Typography.Text>{row.tenantName} ({row.tenantId})</Typography.Text> },
        ...kinds.map((kind) => ({
          title: QUOTA_LABELS[kind][lang],
          key: kind,
          width: 180,
          render: (_: unknown, row: TenantUsage) => {
            const quota = row.quotas.find((q) => q.kind === kind);
            return quota ? <QuotaCell quota={quota} /> : null;
          },
        })),
      ]}
    />
  );
}
