export * from './text.js';
export * from './fields.js';
export * from './sensitive.js';
export * from './entity.js';
export * from './wire.js';
export * from './messages.js';
export * from './schemas.js';
export * from './list-query.js';
export * from './numbering.js';
export * from './examination.js';
export * from './entities/registry.js';
export * from './business-dictionaries.js';
export * from './system-dictionaries.js';
export { dictEntity } from './entities/system/dict.js';
export { dictBizEntity } from './entities/system/dict-biz.js';
export { DICT_MSG } from './entities/system/dictionary-fields.js';
export { paramEntity } from './entities/system/param.js';
export { tenantPackageEntity } from './entities/system/tenant-package.js';
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
export { departmentEntity } from './entities/academic/department.js';
export { specialityEntity } from './entities/academic/speciality.js';
export { ACADEMIC_MSG } from './entities/academic/academic-fields.js';
export { studentEntity, STUDENT_MSG } from './entities/people/student.js';
export { basicInfoEntity, BASIC_INFO_MSG } from './entities/people/basic-info.js';
export { CONSENT_CHANNELS, CONSENT_FLAGS, CONSENT_NOTE, CONSENT_SOURCE, type ConsentFlag } from './entities/people/consent.js';
export { studentStatusEntity, STUDENT_STATUS_MSG, STATUS_SOURCE } from './entities/people/student-status.js';
export {
  registInfoEntity, REGIST_AGREEMENT, REGIST_MSG, REGIST_STATUS, REGIST_SOURCE, STAFF_AGREEMENT, MERGE_DEFAULT_FIELDS, MERGE_IDENTITY_FIELDS, MERGEABLE_FIELDS,
} from './entities/people/regist-info.js';
export { ossEntity, OSS_CATEGORY } from './entities/resource/oss.js';
export { smsEntity, SMS_CATEGORY } from './entities/resource/sms.js';
export { attachEntity } from './entities/resource/attach.js';
export { emailSettingEntity, EMAIL_SETTING_MSG, SMTP_ENCRYPTION } from './entities/resource/email-setting.js';
export * from './resource-wire.js';
export { noticeEntity } from './entities/desk/notice.js';
export * from './dictionary-english.js';
export {
  donationEntity, DONATION_MSG, PAYMENT_STATUS, RECEIPT_STATUS, DONOR_TYPE, IN_KIND_METHOD,
} from './entities/giving/donation.js';
export { photoAlbumEntity, ALBUM_MSG, SHARE_DAYS } from './entities/albums/photo-album.js';
export { photoEntity } from './entities/albums/photo.js';
