export * from './text.js';
export * from './fields.js';
export * from './list-text.js';
export * from './sensitive.js';
export * from './personal-data.js';
export * from './entity.js';
export * from './wire.js';
export * from './messages.js';
export * from './schemas.js';
export * from './list-query.js';
export * from './numbering.js';
export * from './examination.js';
export * from './tenant-quota.js';
export * from './menu-icons.js';
export * from './entities/registry.js';
export * from './business-dictionaries.js';
export * from './system-dictionaries.js';
export { dictEntity } from './entities/system/dict.js';
export { dictBizEntity } from './entities/system/dict-biz.js';
export { DICT_MSG } from './entities/system/dictionary-fields.js';
export { paramEntity } from './entities/system/param.js';
export { tenantPackageEntity } from './entities/system/tenant-package.js';
export * from './entities/system/address-rule.js';
export * from './entities/system/retention-policy.js';
export {
  regionEntity, REGION_LEVEL_COLUMNS, REGION_LEVELS, REGION_MSG, REGION_ROOT, isRegionLevel, regionCodeProblem, type RegionLevel,
} from './entities/system/region.js';
export { tenantEntity } from './entities/platform/tenant.js';
export { userEntity } from './entities/platform/user.js';
export { roleEntity, SUPER_ADMIN_ALIAS } from './entities/platform/role.js';
export { menuEntity } from './entities/platform/menu.js';
export { deptEntity } from './entities/platform/dept.js';
export { postEntity } from './entities/platform/post.js';
export { clientEntity } from './entities/platform/client.js';
export { topMenuEntity } from './entities/platform/top-menu.js';
export { dataScopeEntity } from './entities/platform/data-scope.js';
export { apiScopeEntity } from './entities/platform/api-scope.js';
export * from './validators/index.js';
export { logApiEntity } from './entities/logs/log-api.js';
export { logErrorEntity } from './entities/logs/log-error.js';
export { logUsualEntity } from './entities/logs/log-usual.js';
export { personalAccessEntity, PERSONAL_ACCESS_KIND, PERSONAL_ACCESS_MAX_IDS, type PersonalAccessKind } from './entities/logs/personal-access.js';
export { departmentEntity } from './entities/academic/department.js';
export { specialityEntity } from './entities/academic/speciality.js';
export { ACADEMIC_MSG } from './entities/academic/academic-fields.js';
export { studentEntity, STUDENT_MSG } from './entities/people/student.js';
export { basicInfoEntity, BASIC_INFO_MSG } from './entities/people/basic-info.js';
export { alumniTagEntity, alumniTagGroupEntity, ALUMNI_TAG_MSG, ALUMNI_TAG_PICKER } from './entities/people/alumni-tag.js';
export { CONSENT_CHANNELS, CONSENT_FLAGS, CONSENT_NOTE, CONSENT_SOURCE, type ConsentFlag } from './entities/people/consent.js';
export { studentStatusEntity, STUDENT_STATUS_MSG, STATUS_SOURCE } from './entities/people/student-status.js';
export {
  registInfoEntity, REGIST_AGREEMENT, REGIST_MSG, REGIST_STATUS, REGIST_SOURCE, STAFF_AGREEMENT, MERGE_DEFAULT_FIELDS, MERGE_IDENTITY_FIELDS, MERGEABLE_FIELDS,
} from './entities/people/regist-info.js';
export { noticeTemplateEntity } from './entities/messaging/notice-template.js';
export { textEntity } from './entities/messaging/text.js';
export { messageEntity, MESSAGE_MSG, MESSAGE_SOURCE, REPLY_STATUS } from './entities/messaging/message.js';
export * from './entities/messaging/alumni-notice.js';
export * from './entities/messaging/notice-push.js';
export { noticePushRecordEntity } from './entities/messaging/notice-push-record.js';
export * from './entities/messaging/sms-push.js';
export * from './entities/messaging/sms-push-target.js';
export { MESSAGING_CODE_RE, MESSAGING_MSG, PUSH_CHANNEL } from './entities/messaging/messaging-fields.js';
export * from './entities/activity/activity.js';
export * from './entities/survey/survey-fields.js';
export * from './entities/survey/survey-wire.js';
export { questionnaireSurveyEntity } from './entities/survey/questionnaire-survey.js';
export { subjectRegistEntity } from './entities/survey/subject-regist.js';
export { optionInstructionEntity } from './entities/survey/option-instruction.js';
export { surveyAnswerEntity } from './entities/survey/survey-answer.js';
export * from './entities/activity/act-applist.js';
export * from './entities/activity/activity-cost.js';
export { ossEntity, OSS_CATEGORY } from './entities/resource/oss.js';
export { smsEntity, SMS_CATEGORY } from './entities/resource/sms.js';
export { attachEntity } from './entities/resource/attach.js';
export { emailSettingEntity, EMAIL_SETTING_MSG, SMTP_ENCRYPTION } from './entities/resource/email-setting.js';
export * from './resource-wire.js';
export * from './job-wire.js';
export * from './online-session-wire.js';
export * from './bladex-import-wire.js';
export * from './audit.js';
export { ALUMNI_SOURCE, RELATION_MSG } from './entities/relation/relation-fields.js';
export { associationEntity, ASSOCIATION_MSG, ASSOCIATION_STATE, ASSOCIATION_TYPE } from './entities/relation/association.js';
export { associationMemberEntity, MEMBER_MSG, POSITION } from './entities/relation/association-member.js';
export { honorEntity, HONOR_MSG } from './entities/relation/honor.js';
export { careListEntity, CARE_MSG, CARE_STATUS, CARE_TRANSITIONS } from './entities/relation/care-list.js';
export { visitRecordEntity, VISIT_MSG, VISIT_STATUS, MIN_MINUTES } from './entities/relation/visit-record.js';
export { docQueryEntity, DOC_QUERY_MSG, DOC_STATUS, DOC_STEPS } from './entities/relation/doc-query.js';
export {
  privacyRequestEntity, PRIVACY_KIND, PRIVACY_KIND_BY_NAME, PRIVACY_STATE, PRIVACY_STEPS, PRIVACY_DEADLINE_WORKING_DAYS, PRIVACY_MSG,
} from './entities/people/privacy-request.js';
export {
  alumniCardEntity, CARD_STATE, CARD_STEPS, CARD_VALID_YEARS, CARD_REASON_MAX, CARD_CODE_STEP_SECONDS, CARD_CODE_WINDOW, CARD_MSG,
} from './entities/people/alumni-card.js';
export { noticeEntity } from './entities/desk/notice.js';
export * from './dictionary-english.js';
export {
  donationEntity, DONATION_MSG, DONATION_STATUS, RECEIPT_STATUS, DONOR_TYPE, IN_KIND_METHOD,
} from './entities/giving/donation.js';
export { photoAlbumEntity, ALBUM_MSG, SHARE_DAYS } from './entities/albums/photo-album.js';
export { photoEntity } from './entities/albums/photo.js';
export { reportEntity, REPORT_MSG } from './entities/report/report.js';
export * from './report-definition.js';
export { datasourceEntity } from './entities/develop/datasource.js';
export { modelEntity } from './entities/develop/model.js';
export { modelPrototypeEntity } from './entities/develop/model-prototype.js';
export { codeEntity } from './entities/develop/code.js';
export * from './develop-wire.js';
