import { questionnaireSurveyEntity, type OpenSurveyView } from '@alumni/domain';
import { Alert, Card, Result, Segmented, Spin, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { Model } from 'survey-core';
import 'survey-core/i18n/simplified-chinese';
import 'survey-core/survey-core.min.css';
import { Survey } from 'survey-react-ui';
import { http } from '../../api/http';
import { asLang } from '../../entity/field-text';
import { useSettingsStore } from '../../stores/settings-store';
import { toAnswers, toRunnerJson } from '../survey/survey-json';
import './survey-answer.css';
import '../../i18n/business-texts';

const OPEN = `${questionnaireSurveyEntity.api?.base ?? ''}/open`;
interface Envelope<T> { code: number; msg: string; data: T }

/**
 * 问卷作答 (DOMAIN 9.4): the public page an alumnus answers a survey on, through the link sent to
 * them, outside the signed-in shell and laid out for a phone. The survey runs in survey-core; the
 * answer goes to `open/submit`, which checks it again. Chinese or English, switched on the page.
 */
export default function SurveyAnswerPage() {
  const { t, i18n } = useTranslation();
  const lang = asLang(i18n.language);
  const setLang = useSettingsStore((s) => s.setLang);
  const { id = '' } = useParams();
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  const headers = useMemo(() => ({ 'Tenant-Id': query.get('tenantId') ?? '000000', 'Accept-Language': lang === 'en' ? 'en' : 'zh-CN' }), [query, lang]);
  const [view, setView] = useState<OpenSurveyView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [thanks, setThanks] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const started = useRef(Date.now());

  useEffect(() => {
    void http.get<Envelope<OpenSurveyView>>(`${OPEN}/survey`, { params: { id, token }, headers }).then((res) => {
      if (res.data.code !== 200) setFailure(res.data.msg);
      else setView(res.data.data);
    });
  }, [id, token, headers]);

  const model = useMemo(() => {
    if (!view) return null;
    const m = new Model({
      title: view.survey.title, description: view.survey.description ?? undefined, showQuestionNumbers: 'on', questionErrorLocation: 'bottom',
      completeText: t('survey.answer.submit'), elements: toRunnerJson(view.subjects, { fill: t('survey.answer.fill') }),
    });
    m.locale = lang === 'en' ? 'en' : 'zh-cn';
    m.showCompletedPage = false;
    m.onCompleting.add((sender, options) => {
      options.allow = false;
      setSubmitError(null);
      const body = { id, token, answers: toAnswers(view.subjects, sender.data as Record<string, unknown>), durationSeconds: Math.round((Date.now() - started.current) / 1000), source: '1' };
      void http.post<Envelope<{ thankText: string | null }>>(`${OPEN}/submit`, body, { headers }).then((res) => {
        if (res.data.code !== 200) setSubmitError(res.data.msg);
        else setThanks(res.data.data.thankText ?? t('survey.answer.thanks'));
      });
    });
    return m;
  }, [view, lang, id, token, headers, t]);

  const languages = (
    <Segmented size="small" value={lang} onChange={(v) => setLang(v as 'zh' | 'en')} options={[{ value: 'zh', label: '中文' }, { value: 'en', label: 'English' }]} />
  );

  return (
    <div className="survey-answer">
      <div className="survey-answer-top">{languages}</div>
      {failure && <Result status="warning" title={failure} />}
      {!failure && !view && <Spin />}
      {thanks && <Result status="success" title={t('survey.answer.done')} subTitle={thanks} />}
      {!thanks && view && view.closedReason && <Result status="info" title={view.survey.title} subTitle={view.closedReason} />}
      {!thanks && view && !view.closedReason && model && (
        <Card className="survey-answer-card" styles={{ body: { padding: 0 } }}>
          {submitError && <Alert type="error" showIcon message={submitError} style={{ margin: 12 }} />}
          <Survey model={model} />
          <Typography.Paragraph type="secondary" className="survey-answer-note">
            {view.survey.isAnonymous ? t('survey.answer.anonymous') : t('survey.answer.named')}
          </Typography.Paragraph>
        </Card>
      )}
    </div>
  );
}
