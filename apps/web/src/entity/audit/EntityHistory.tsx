import { AUDIT_PATHS, type AuditAction, type AuditEntryView, type EntityDef, type Page } from '@alumni/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Spin, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getData } from '../../api/http';
import { AuditChanges } from './AuditChanges';

/** How many of a record's latest changes the tab shows. */
const SHOWN = 50;

export const ACTION_COLOURS: Record<AuditAction, string> = { create: 'green', update: 'blue', delete: 'red', examine: 'purple', status: 'orange' };

/**
 * The history tab of a record's view dialog: every write of the record, newest first — what was
 * done, by whom and when, and each field changed with its value before and after.
 */
export function EntityHistory({ entity, id }: { entity: EntityDef; id: string }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useQuery({
    queryKey: ['audit-history', entity.name, id],
    queryFn: () => getData<Page<AuditEntryView>>(AUDIT_PATHS.history, { entity: entity.name, id, size: SHOWN }),
    staleTime: 0,
  });
  if (isPending) return <Spin />;
  if (isError) return <Alert type="warning" showIcon title={t('audit.loadFailed')} />;
  if (data.records.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('audit.noHistory')} />;
  return (
    <section aria-label={t('audit.history')} className="entity-history">
      <Timeline
        items={data.records.map((entry) => ({
          key: entry.id,
          color: ACTION_COLOURS[entry.action],
          content: (
            <div className="entity-history-entry" data-testid="history-entry">
              <div className="entity-history-head">
                <Tag color={ACTION_COLOURS[entry.action]}>{t(`audit.actions.${entry.action}`)}</Tag>
                <span data-user-data>{entry.userName ?? entry.account ?? ''}</span>
                {' · '}
                <Typography.Text type="secondary">{entry.time}</Typography.Text>
              </div>
              <AuditChanges entity={entity} diff={entry.diff} action={entry.action} />
            </div>
          ),
        }))}
      />
      {data.total > data.records.length && (
        <Typography.Text type="secondary">{t('audit.more', { shown: data.records.length, total: data.total })}</Typography.Text>
      )}
    </section>
  );
}
