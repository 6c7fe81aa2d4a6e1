import { Empty, ErrorLine, Loading } from '../components/controls';
import { Shell } from '../components/Shell';
import { useT } from '../i18n';
import { useLoad } from '../use-load';

import { minute } from '../components/PagedList';

/** A survey sent to me; its answer address (signed for me) only while it is open and unanswered. */
interface SurveyRow { id: string; title: string; answered: boolean; open: boolean; endTime: string | null; answerUrl: string | null }

/** 问卷调查: the surveys sent to me; each is answered on the existing public answer page. */
export default function SurveysPage() {
  const { t } = useT();
  const surveys = useLoad<SurveyRow[]>('/surveys');
  return (
    <Shell title={t('section.surveys')} back="/portal">
      {surveys.loading ? <Loading /> : null}
      {surveys.error ? <ErrorLine message={surveys.error} retryText={t('common.retry')} onRetry={surveys.reload} /> : null}
      {surveys.data?.length === 0 ? <Empty>{t('surveys.none')}</Empty> : null}
      {surveys.data?.length ? (
        <ul className="p-list" aria-label={t('section.surveys')}>
          {surveys.data.map((survey) => (
            <li key={survey.id} className="p-row">
              <span className="p-row-title">
                <span data-user-data="">{survey.title}</span>
                {survey.open && survey.endTime ? <span className="p-muted p-small p-block">{t('surveys.until', { time: minute(survey.endTime) })}</span> : null}
              </span>
              {survey.answered ? <span className="p-badge p-badge-ok">{t('surveys.answered')}</span>
                : survey.answerUrl ? <a className="p-btn p-btn-primary p-btn-small" href={survey.answerUrl}>{t('surveys.answer')}</a>
                  : <span className="p-badge p-badge-muted">{t('surveys.closed')}</span>}
            </li>
          ))}
        </ul>
      ) : null}
    </Shell>
  );
}
