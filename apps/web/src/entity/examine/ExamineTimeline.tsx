import { Empty, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface ExamineLogRow {
  id: string;
  action: 'submit' | 'approve' | 'reject' | 'merge' | 'return' | 'resubmit';
  opinion: string | null;
  examineUserName: string | null;
  examineTime: string;
}

const COLOURS: Record<ExamineLogRow['action'], string> = {
  submit: 'blue', resubmit: 'blue', approve: 'green', merge: 'green', reject: 'red', return: 'orange',
};

/** The examination history of a record, newest first, as `detail` answers it in `examineLogs`. */
export function ExamineTimeline({ logs }: { logs: readonly ExamineLogRow[] | undefined }) {
  const { t } = useTranslation();
  if (!logs || logs.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('examine.noLogs')} />;
  return (
    <section aria-label={t('examine.timeline')}>
      <Typography.Title level={5}>{t('examine.timeline')}</Typography.Title>
      <Timeline
        items={logs.map((log) => ({
          key: log.id,
          color: COLOURS[log.action],
          children: (
            <>
              <div>
                <Typography.Text strong>{t(`examine.actions.${log.action}`)}</Typography.Text>
                {' · '}{log.examineUserName ?? ''}{' · '}<Typography.Text type="secondary">{log.examineTime}</Typography.Text>
              </div>
              {log.opinion && <div>{log.opinion}</div>}
            </>
          ),
        }))}
      />
    </section>
  );
}
