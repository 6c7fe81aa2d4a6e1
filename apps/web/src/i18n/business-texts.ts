import i18n from './index';
import { activityEn } from './activity-en';
import { activityZh } from './activity-zh';
import { adminEn } from './admin-en';
import { adminZh } from './admin-zh';
import { auditEn } from './audit-en';
import { auditZh } from './audit-zh';
import { bladexEn } from './bladex-en';
import { bladexZh } from './bladex-zh';
import { examineEn, academicEn } from './examine-en';
import { examineZh, academicZh } from './examine-zh';
import { excelEn } from './excel-en';
import { excelZh } from './excel-zh';
import { givingEn } from './giving-en';
import { givingZh } from './giving-zh';
import { jobEn } from './job-en';
import { jobZh } from './job-zh';
import { onlineEn } from './online-en';
import { onlineZh } from './online-zh';
import { messageEn } from './message-en';
import { messageZh } from './message-zh';
import { peopleEn } from './people-en';
import { engagementEn } from './engagement-en';
import { engagementZh } from './engagement-zh';
import { peopleZh } from './people-zh';
import { privacyEn } from './privacy-en';
import { privacyZh } from './privacy-zh';
import { cardEn } from './card-en';
import { cardZh } from './card-zh';
import { cameraEn } from './camera-en';
import { cameraZh } from './camera-zh';
import { segmentEn } from './segment-en';
import { segmentZh } from './segment-zh';
import { pushEn } from './push-en';
import { pushZh } from './push-zh';
import { registEn } from './regist-en';
import { registZh } from './regist-zh';
import { relationEn } from './relation-en';
import { relationZh } from './relation-zh';
import { resourceEn } from './resource-en';
import { resourceZh } from './resource-zh';
import { smsPushEn } from './sms-push-en';
import { smsPushZh } from './sms-push-zh';
import { surveyEn } from './survey-en';
import { surveyZh } from './survey-zh';
import { workflowEn } from './workflow-en';
import { workflowZh } from './workflow-zh';

/**
 * The texts of the business screens (records, their history, examination, activities, giving, pushes, surveys,
 * workflow, resources, jobs, Excel) join the translations with the signed-in layout or with the
 * public page that needs them (registration, survey answers, shared albums), so the sign-in page
 * does not download them.
 */
const businessZh = { activity: activityZh, admin: adminZh, audit: auditZh, bladex: bladexZh, examine: examineZh, academic: academicZh, excel: excelZh, giving: givingZh, job: jobZh, online: onlineZh, message: messageZh, push: pushZh, regist: registZh, relation: relationZh, resource: resourceZh, smsPush: smsPushZh, survey: surveyZh, workflow: workflowZh, people: peopleZh, engagement: engagementZh, privacy: privacyZh, card: cardZh, camera: cameraZh, segment: segmentZh };
const businessEn: typeof businessZh = { activity: activityEn, admin: adminEn, audit: auditEn, bladex: bladexEn, examine: examineEn, academic: academicEn, excel: excelEn, giving: givingEn, job: jobEn, online: onlineEn, message: messageEn, push: pushEn, regist: registEn, relation: relationEn, resource: resourceEn, smsPush: smsPushEn, survey: surveyEn, workflow: workflowEn, people: peopleEn, engagement: engagementEn, privacy: privacyEn, card: cardEn, camera: cameraEn, segment: segmentEn };

i18n.addResourceBundle('zh', 'translation', businessZh, true, false);
i18n.addResourceBundle('en', 'translation', businessEn, true, false);
