import { ENTITIES, PLATFORM_TENANT, personalAccessEntity, shippedEntryLabel, type EntityDef, type Lang } from '@alumni/domain';
import { Alert, Button, Drawer, Input, Space, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData } from '../../api/http';
import type { Row } from '../../entity/entity-api';
import { EntityPage } from '../../entity/EntityPage';
import { useSessionStore } from '../../stores/session-store';

const byName = new Map<string, EntityDef>(ENTITIES.map((e) => [e.name, e]));

interface SummaryLine { account: string | null; userName: string | null; kind: string | null; kindName?: string | null; events: number; records: number }

/** The data object's name and the fields' labels, in the page's language (the event stores names only). */
const cells = {
  entity: (row: Row, lang: Lang) => byName.get(String(row.entity))?.label[lang] ?? String(row.entity ?? ''),
  fields: (row: Row, lang: Lang) => {
    const entity = byName.get(String(row.entity));
    return String(row.fields ?? '').split(',').filter(Boolean).map((name) => entity?.fields[name]?.label[lang] ?? name).join('、');
  },
};

/**
 * 个人信息访问记录 (decisions 302–304): every unmasked list, detail, export or report of personal data
 * and every alumnus's download of their own data — who, when, which records, which fields, through
 * which call — as the generic list with its search and export; a summary per user and kind of the
 * same filters. The platform administrator may read another tenant's records by its ID.
 */
export default function PersonalAccessPage() {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language.startsWith('en') ? 'en' : 'zh';
  const platform = useSessionStore((s) => s.tenantId) === PLATFORM_TENANT;
  const [tenantInput, setTenantInput] = useState('');
  const [tenantId, setTenantId] = useState('');
  const [summary, setSummary] = useState<SummaryLine[] | null>(null);
  const [loading, setLoading] = useState(false);
  const extraParams = useMemo(() => (tenantId ? { tenantId } : {}), [tenantId]);

  const openSummary = async () => {
    setLoading(true);
    try {
      setSummary(await getData<SummaryLine[]>(`${personalAccessEntity.api!.base}/summary`, extraParams));
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <Alert type="info" showIcon title={t('audit.personalAccess.hint')} style={{ marginBottom: 12 }} />
      {platform && (
        <Space style={{ marginBottom: 12 }}>
          <Input
            aria-label={t('audit.personalAccess.tenant')} placeholder={t('audit.personalAccess.tenantPlaceholder')} value={tenantInput} maxLength={6}
            style={{ width: 220 }} onChange={(e) => setTenantInput(e.target.value.trim())}
          />
          <Button onClick={() => setTenantId(/^\d{6}$/.test(tenantInput) ? tenantInput : '')}>{t('audit.personalAccess.chooseTenant')}</Button>
        </Space>
      )}
      <EntityPage
        entity={personalAccessEntity} listPath="list" extraParams={extraParams} cellText={cells}
        toolbarExtra={<Button loading={loading} onClick={() => void openSummary()}>{t('audit.personalAccess.summary')}</Button>}
      />
      <Drawer open={summary !== null} onClose={() => setSummary(null)} size={640} title={t('audit.personalAccess.summary')}>
        <Table<SummaryLine>
          size="small" rowKey={(r) => `${r.account ?? ''}-${r.kind ?? ''}`} dataSource={summary ?? []} pagination={false}
          columns={[
            { key: 'account', title: t('audit.personalAccess.account'), render: (_, r) => `${r.account ?? ''}${r.userName ? ` ${r.userName}` : ''}` },
            { key: 'kind', title: t('audit.personalAccess.kind'), render: (_, r) => <span className="dict-label">{(r.kind && shippedEntryLabel('personal_access_kind', r.kind, lang)) ?? r.kindName ?? r.kind}</span> },
            { key: 'events', title: t('audit.personalAccess.events'), dataIndex: 'events', align: 'right' },
            { key: 'records', title: t('audit.personalAccess.records'), dataIndex: 'records', align: 'right' },
          ]}
        />
      </Drawer>
    </>
  );
}
