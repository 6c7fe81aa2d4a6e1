import { englishEntryLabel } from '@alumni/domain';
import { Empty, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { asLang } from '../../entity/field-text';
import { ExamineTimeline, type ExamineLogRow } from '../../entity/examine/ExamineTimeline';

/** One registration of an alumnus, as the detail answers it in `registInfos`. */
export interface AlumnusRegistration {
  id: string;
  registNo: string;
  examineStatus: number;
  examineStatusName: string | null;
  createTime: string;
  examineLogs: ExamineLogRow[];
}

const STATUS_COLOURS: Record<number, string> = { 0: 'gold', 1: 'green', 2: 'red', 3: 'blue' };

/**
 * The registrations that made or updated an alumnus (登记与审核), newest first, each with its
 * examination timeline: who approved or merged it, when, and with what opinion.
 */
export function RegistrationHistory({ registrations }: { registrations: readonly AlumnusRegistration[] | undefined }) {
  const { t, i18n } = useTranslation();
  const lang = asLang(i18n.language);
  const statusName = (r: AlumnusRegistration) => (lang === 'en' ? englishEntryLabel('regist_status', r.examineStatus) : undefined) ?? r.examineStatusName ?? String(r.examineStatus);
  return (
    <section className="entity-view-timeline" aria-label={t('people.registrations')}>
      <Typography.Title level={5}>{t('people.registrations')}</Typography.Title>
      {!registrations || registrations.length === 0
        ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('people.noRegistrations')} />
        : registrations.map((r) => (
          <article key={r.id} aria-label={r.registNo}>
            <Typography.Paragraph>
              <Typography.Text strong>{r.registNo}</Typography.Text>{' '}
              <Tag color={STATUS_COLOURS[r.examineStatus]}>{statusName(r)}</Tag>
              <Typography.Text type="secondary">{r.createTime}</Typography.Text>
            </Typography.Paragraph>
            <ExamineTimeline logs={r.examineLogs} />
          </article>
        ))}
    </section>
  );
}
