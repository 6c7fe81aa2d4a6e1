import { NOTICE_PUSH_MSG, PUSH_CHANNEL, SURVEY_STATUS, noticeTemplateEntity, questionnaireSurveyEntity } from '@alumni/domain';
import { badRequest } from '../../core/errors.js';
import type { Db } from '../../db/database.js';
import { SurveyLinks, type Respondent } from './survey-answers.js';

/** The public answer page of the web app. */
export const ANSWER_PAGE = '/survey-answer';
/** The `template_scene` of survey invitations (DOMAIN 8.2). */
const INVITATION_SCENE = '7';
const ENABLED = 1;

/** The answer page's address (under the public base URL) of one signed link. */
export const answerPath = (tenantId: string, surveyId: string, token: string): string =>
  `${ANSWER_PAGE}/${surveyId}?${new URLSearchParams({ tenantId, token }).toString()}`;

/** The values a push fills per recipient besides the shared ones, given the recipient's alumnus. */
export type RecipientValues = (alumniId: string | null) => Record<string, string>;

/**
 * Survey invitations (发送邀请, DOMAIN 9.1): a notice push naming a survey fills `${surveyTitle}`
 * and `${surveyUrl}` for each recipient — a link signed for the alumnus, or on an anonymous survey
 * a link of its own that records nobody — and a new invitation starts from the survey's scope and
 * the enabled templates of scene 7.
 */
export class SurveyInvitations {
  constructor(private readonly db: Db, private readonly links: SurveyLinks) {}

  private survey(tenantId: string, surveyId: string) {
    return this.db.selectFrom(questionnaireSurveyEntity.table)
      .select(['id', 'title', 'is_anonymous', 'survey_status', 'target_scope', 'target_value', 'activity_id'])
      .where('tenant_id', '=', tenantId).where('id', '=', surveyId).where('is_deleted', '=', 0).executeTakeFirst();
  }

  /** The per-recipient values of a push naming `surveyId` (none when it names no survey). */
  async valuesFor(tenantId: string, surveyId: unknown, base: string): Promise<RecipientValues> {
    const survey = surveyId === null || surveyId === undefined || surveyId === '' ? undefined : await this.survey(tenantId, String(surveyId));
    if (!survey) return () => ({});
    const id = String(survey.id);
    const anonymous = Number(survey.is_anonymous) === 1;
    return (alumniId) => {
      const respondent: Respondent = !anonymous && alumniId ? { kind: 'alumnus', alumniId } : SurveyLinks.newLink();
      return { surveyTitle: String(survey.title ?? ''), surveyUrl: `${base}${answerPath(tenantId, id, this.links.sign(tenantId, id, respondent))}` };
    };
  }

  /**
   * A new invitation's values: the survey, a title, its respondents as the push's recipients, and
   * the enabled scene-7 templates — an in-app or e-mail one as the content (e-mail preferred), an
   * SMS one for the SMS channel — with their channels.
   */
  async draft(tenantId: string, surveyId: string): Promise<Record<string, unknown>> {
    const survey = await this.survey(tenantId, surveyId);
    if (!survey || Number(survey.survey_status) !== SURVEY_STATUS.collecting) throw badRequest(NOTICE_PUSH_MSG.surveyNotCollecting);
    const templates = await this.db.selectFrom(noticeTemplateEntity.table).select(['id', 'channel', 'title'])
      .where('tenant_id', '=', tenantId).where('scene', '=', INVITATION_SCENE).where('status', '=', ENABLED).where('is_deleted', '=', 0)
      .orderBy('id').execute();
    const of = (channel: string) => templates.find((row) => String(row.channel) === channel);
    const content = of(PUSH_CHANNEL.email) ?? of(PUSH_CHANNEL.inApp);
    const sms = of(PUSH_CHANNEL.sms);
    const channels = [content ? String(content.channel) : null, sms ? PUSH_CHANNEL.sms : null].filter((c): c is string => c !== null);
    const scope = String(survey.target_scope ?? '1');
    const targetValue = scope === '6' ? JSON.stringify({ activityId: String(survey.activity_id ?? '') }) : scope === '1' ? null : survey.target_value ?? null;
    return {
      surveyId: String(survey.id),
      surveyTitle: String(survey.title ?? ''),
      title: `问卷邀请：${String(survey.title ?? '')}`.slice(0, 100),
      templateId: content ? String(content.id) : null,
      subject: content?.title ?? null,
      smsTemplateId: sms ? String(sms.id) : null,
      channels: channels.length > 0 ? channels.sort().join(',') : PUSH_CHANNEL.inApp,
      targetScope: scope,
      targetValue: targetValue === null ? null : String(targetValue),
    };
  }
}
