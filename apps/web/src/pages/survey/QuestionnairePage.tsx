import { SURVEY_STATUS, questionnaireSurveyEntity } from '@alumni/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadFile, getData, postData } from '../../api/http';
import type { Row } from '../../entity/entity-api';
import { EntityPage } from '../../entity/EntityPage';
import { entityKey } from '../../entity/use-entity-list';
import { useOpenRoute } from '../../layout/use-open-route';
import { useMenuStore } from '../../stores/menu-store';

const BASE = questionnaireSurveyEntity.api?.base ?? '';

/**
 * 问卷调查 (DOMAIN 9.1): the generic list with 设计 (the designer), 发布 / 暂停 / 结束, 统计 (a chart per
 * question), 导出答卷, 发送邀请 (a notice push with the survey's respondents and invitation templates) and
 * 答卷链接 (an answer link for the anonymous survey, to share).
 */
export default function QuestionnairePage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const open = useOpenRoute();
  const buttons = useMenuStore((s) => s.buttons);

  const setStatus = (row: Row, surveyStatus: number, key: 'publish' | 'pause' | 'resume' | 'close') => modal.confirm({
    title: String(row.title),
    content: t(`survey.${key}Confirm`),
    onOk: async () => {
      await postData(`${BASE}/submit`, { id: row.id, surveyStatus });
      void message.success(t(`survey.${key}Done`));
      await client.invalidateQueries({ queryKey: entityKey(questionnaireSurveyEntity) });
    },
  });

  const showLink = async (row: Row) => {
    const { path } = await getData<{ path: string }>(`${BASE}/answer-link`, { id: String(row.id) });
    const url = `${window.location.origin}${path}`;
    modal.info({ title: t('survey.link'), width: 560, content: <Input.TextArea value={url} readOnly autoSize data-testid="survey-link" /> });
  };

  return (
    <EntityPage
      entity={questionnaireSurveyEntity}
      dialogWidth={880}
      rowActions={(row) => {
        const status = Number(row.surveyStatus);
        return (
          <>
            {buttons.questionnaire_edit && status !== SURVEY_STATUS.closed && (
              <Button type="link" size="small" onClick={() => open(`/survey/design/${String(row.id)}`)}>{t('survey.design')}</Button>
            )}
            {buttons.questionnaire_publish && status === SURVEY_STATUS.draft && (
              <Button type="link" size="small" onClick={() => setStatus(row, SURVEY_STATUS.collecting, 'publish')}>{t('survey.publish')}</Button>
            )}
            {buttons.questionnaire_publish && status === SURVEY_STATUS.collecting && (
              <Button type="link" size="small" onClick={() => setStatus(row, SURVEY_STATUS.paused, 'pause')}>{t('survey.pause')}</Button>
            )}
            {buttons.questionnaire_publish && status === SURVEY_STATUS.paused && (
              <Button type="link" size="small" onClick={() => setStatus(row, SURVEY_STATUS.collecting, 'resume')}>{t('survey.resume')}</Button>
            )}
            {buttons.questionnaire_publish && (status === SURVEY_STATUS.collecting || status === SURVEY_STATUS.paused) && (
              <Button type="link" size="small" danger onClick={() => setStatus(row, SURVEY_STATUS.closed, 'close')}>{t('survey.close')}</Button>
            )}
            {buttons.questionnaire_stats && status !== SURVEY_STATUS.draft && (
              <Button type="link" size="small" onClick={() => open(`/survey/stats/${String(row.id)}`)}>{t('survey.stats')}</Button>
            )}
            {buttons.questionnaire_export && Number(row.answerCount) > 0 && (
              <Button type="link" size="small" onClick={() => void downloadFile(`${BASE}/export-answers`, { id: String(row.id) })}>{t('survey.exportAnswers')}</Button>
            )}
            {buttons.noticepush_add && status === SURVEY_STATUS.collecting && (
              <Button type="link" size="small" onClick={() => open(`/message/noticepush?surveyId=${String(row.id)}`)}>{t('survey.invite')}</Button>
            )}
            {buttons.questionnaire_view && Number(row.isAnonymous) === 1 && status === SURVEY_STATUS.collecting && (
              <Button type="link" size="small" onClick={() => void showLink(row)}>{t('survey.link')}</Button>
            )}
          </>
        );
      }}
    />
  );
}
