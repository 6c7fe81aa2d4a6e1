import type { EntityDef } from '../entity.js';
import { departmentEntity } from './academic/department.js';
import { specialityEntity } from './academic/speciality.js';
import { noticeEntity } from './desk/notice.js';
import { logApiEntity } from './logs/log-api.js';
import { logErrorEntity } from './logs/log-error.js';
import { logUsualEntity } from './logs/log-usual.js';
import { personalAccessEntity } from './logs/personal-access.js';
import { apiScopeEntity } from './platform/api-scope.js';
import { clientEntity } from './platform/client.js';
import { dataScopeEntity } from './platform/data-scope.js';
import { deptEntity } from './platform/dept.js';
import { menuEntity } from './platform/menu.js';
import { postEntity } from './platform/post.js';
import { roleEntity } from './platform/role.js';
import { tenantEntity } from './platform/tenant.js';
import { topMenuEntity } from './platform/top-menu.js';
import { userEntity } from './platform/user.js';
import { attachEntity } from './resource/attach.js';
import { emailSettingEntity } from './resource/email-setting.js';
import { ossEntity } from './resource/oss.js';
import { smsEntity } from './resource/sms.js';
import { dictBizEntity } from './system/dict-biz.js';
import { dictEntity } from './system/dict.js';
import { paramEntity } from './system/param.js';
import { regionEntity } from './system/region.js';
import { tenantPackageEntity } from './system/tenant-package.js';
import { addressRuleEntity } from './system/address-rule.js';
import { retentionPolicyEntity } from './system/retention-policy.js';
import { savedSegmentEntity } from './system/saved-segment.js';
import { basicInfoEntity } from './people/basic-info.js';
import { alumniTagEntity, alumniTagGroupEntity } from './people/alumni-tag.js';
import { studentStatusEntity } from './people/student-status.js';
import { studentEntity } from './people/student.js';
import { registInfoEntity } from './people/regist-info.js';
import { noticeTemplateEntity } from './messaging/notice-template.js';
import { textEntity } from './messaging/text.js';
import { messageEntity } from './messaging/message.js';
import { alumniNoticeEntity } from './messaging/alumni-notice.js';
import { noticePushEntity } from './messaging/notice-push.js';
import { noticePushRecordEntity } from './messaging/notice-push-record.js';
import { smsPushEntity } from './messaging/sms-push.js';
import { smsPushTargetEntity } from './messaging/sms-push-target.js';
import { associationEntity } from './relation/association.js';
import { associationMemberEntity } from './relation/association-member.js';
import { honorEntity } from './relation/honor.js';
import { careListEntity } from './relation/care-list.js';
import { visitRecordEntity } from './relation/visit-record.js';
import { docQueryEntity } from './relation/doc-query.js';
import { privacyRequestEntity } from './people/privacy-request.js';
import { alumniCardEntity } from './people/alumni-card.js';
import { activityEntity } from './activity/activity.js';
import { actApplistEntity } from './activity/act-applist.js';
import { activityCostEntity } from './activity/activity-cost.js';
import { donationEntity } from './giving/donation.js';
import { photoAlbumEntity } from './albums/photo-album.js';
import { photoEntity } from './albums/photo.js';
import { reportEntity } from './report/report.js';
import { questionnaireSurveyEntity } from './survey/questionnaire-survey.js';
import { subjectRegistEntity } from './survey/subject-regist.js';
import { optionInstructionEntity } from './survey/option-instruction.js';
import { surveyAnswerEntity } from './survey/survey-answer.js';
import { datasourceEntity } from './develop/datasource.js';
import { modelEntity } from './develop/model.js';
import { modelPrototypeEntity } from './develop/model-prototype.js';
import { codeEntity } from './develop/code.js';

/** Every entity of the product. Adding an entity = its definition file + one line here. */
export const ENTITIES = [
  tenantEntity, userEntity, roleEntity, menuEntity, deptEntity, postEntity, clientEntity, topMenuEntity,
  dictEntity, dictBizEntity, paramEntity, tenantPackageEntity, regionEntity, addressRuleEntity, retentionPolicyEntity, savedSegmentEntity,
  logApiEntity, logErrorEntity, logUsualEntity, personalAccessEntity,
  ossEntity, smsEntity, attachEntity, emailSettingEntity,
  noticeEntity,
  dataScopeEntity, apiScopeEntity,
  departmentEntity, specialityEntity,
  studentEntity,
  basicInfoEntity,
  alumniTagGroupEntity, alumniTagEntity,
  studentStatusEntity,
  registInfoEntity,
  privacyRequestEntity,
  alumniCardEntity,
  noticeTemplateEntity, textEntity, messageEntity, alumniNoticeEntity, noticePushEntity, noticePushRecordEntity,
  smsPushEntity, smsPushTargetEntity,
  associationEntity, associationMemberEntity, honorEntity, careListEntity, visitRecordEntity, docQueryEntity,
  activityEntity, actApplistEntity, activityCostEntity,
  donationEntity,
  photoAlbumEntity, photoEntity,
  reportEntity,
  questionnaireSurveyEntity, subjectRegistEntity, optionInstructionEntity, surveyAnswerEntity,
  datasourceEntity, modelEntity, modelPrototypeEntity, codeEntity,
] as const satisfies readonly EntityDef[];

const byName = new Map<string, EntityDef>(ENTITIES.map((e) => [e.name, e]));

export function entityByName(name: string): EntityDef {
  const entity = byName.get(name);
  if (!entity) throw new Error(`no entity named ${name}`);
  return entity;
}

/** The entities that answer calls of their own. */
export const routedEntities = (): EntityDef[] => ENTITIES.filter((e) => e.api);
