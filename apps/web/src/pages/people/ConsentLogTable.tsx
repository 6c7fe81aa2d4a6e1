import { englishEntryLabel } from '@alumni/domain';
import { Empty, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { asLang } from '../../entity/field-text';

/** One change of an alumnus's consent, as the detail answers it in `consentLogs`. */
export interface ConsentLogRow {
  id: string;
  channel: string;
  channelName: string | null;
  allowed: number;
  source: string;
  sourceName: string | null;
  operatorName: string | null;
  time: string;
  note: string | null;
}

/** The alumnus's latest consent changes (授权记录, DOMAIN 4.3.3), newest first, below the record in its view. */
export function ConsentLogTable({ logs }: { logs: readonly ConsentLogRow[] | undefined }) {
  const { t, i18n } = useTranslation();
  const lang = asLang(i18n.language);
  // A shipped entry reads in English from the domain's labels; a tenant's own entry keeps its name.
  const label = (code: string, key: string, name: string | null) => (lang === 'en' ? englishEntryLabel(code, key) : undefined) ?? name ?? key;
  return (
    <section className="entity-view-timeline" aria-label={t('people.consentLog')}>
      <Typography.Title level={5}>{t('people.consentLog')}</Typography.Title>
      {!logs || logs.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('people.noConsentLogs')} /> : (
        <Table<ConsentLogRow>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={[...logs]}
          columns={[
            { key: 'time', dataIndex: 'time', title: t('people.consentTime'), width: 170 },
            { key: 'channel', title: t('people.channel'), render: (_, log) => label('push_channel', log.channel, log.channelName) },
            {
              key: 'allowed', title: t('people.allowed'),
              render: (_, log) => <Tag color={log.allowed === 1 ? 'green' : 'red'}>{t(log.allowed === 1 ? 'people.allow' : 'people.refuse')}</Tag>,
            },
            { key: 'source', title: t('people.consentSource'), render: (_, log) => label('consent_source', log.source, log.sourceName) },
            { key: 'operator', dataIndex: 'operatorName', title: t('people.operator') },
            { key: 'note', dataIndex: 'note', title: t('people.note') },
          ]}
        />
      )}
    </section>
  );
}
