import { alumniNoticeEntity, messageEntity, noticePushEntity, noticeTemplateEntity, smsPushEntity, smsPushTargetEntity, textEntity } from '@alumni/domain';
import type { Db } from '../../db/database.js';
import type { EntityHooks } from '../../engine/entity-hooks.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { alumniNoticeHooks } from './alumni-notice-hooks.js';
import { messageHooks } from './message-hooks.js';
import { noticePushHooks, type PushQueue } from './notice-push-hooks.js';
import type { PushTallies } from './notice-push-tallies.js';
import { noticeTemplateHooks } from './notice-template-hooks.js';
import { smsPushHooks, smsPushTargetHooks } from './sms-push-hooks.js';
import { textHooks } from './text-hooks.js';

export { registerMessagingRoutes } from './messaging-routes.js';
export { registerNoticePushRoutes } from './notice-push-routes.js';
export { registerSmsPushRoutes } from './sms-push-routes.js';

/** The hooks of the messaging module (DOMAIN 8), by entity name. */
export const messagingHooks = (db: Db, jobs: () => JobQueue, tallies: PushTallies, pushQueue: () => PushQueue): [string, EntityHooks][] => [
  [noticeTemplateEntity.name, noticeTemplateHooks()],
  [textEntity.name, textHooks(db)],
  [messageEntity.name, messageHooks()],
  [alumniNoticeEntity.name, alumniNoticeHooks()],
  [noticePushEntity.name, noticePushHooks(() => tallies, pushQueue)],
  [smsPushEntity.name, smsPushHooks(db, jobs)],
  [smsPushTargetEntity.name, smsPushTargetHooks(db)],
];
