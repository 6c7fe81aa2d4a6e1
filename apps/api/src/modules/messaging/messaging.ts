import { messageEntity, noticeTemplateEntity, textEntity } from '@alumni/domain';
import type { Db } from '../../db/database.js';
import type { EntityHooks } from '../../engine/entity-hooks.js';
import { messageHooks } from './message-hooks.js';
import { noticeTemplateHooks } from './notice-template-hooks.js';
import { textHooks } from './text-hooks.js';

export { registerMessagingRoutes } from './messaging-routes.js';

/** The hooks of the messaging module (DOMAIN 8), by entity name. */
export const messagingHooks = (db: Db): [string, EntityHooks][] => [
  [noticeTemplateEntity.name, noticeTemplateHooks()],
  [textEntity.name, textHooks(db)],
  [messageEntity.name, messageHooks()],
];
