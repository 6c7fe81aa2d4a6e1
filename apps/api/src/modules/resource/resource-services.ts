import { attachEntity, emailSettingEntity, ossEntity, smsEntity } from '@alumni/domain';
import type { Db } from '../../db/database.js';
import type { EntityHooks } from '../../engine/entity-hooks.js';
import type { EntityRepository } from '../../engine/entity-repository.js';
import { ossHooks, smsHooks } from './channel-hooks.js';
import { emailSettingHooks } from './mail/email-setting-hooks.js';
import { MailService } from './mail/mail-service.js';
import { SendRecords } from './send-records.js';
import { SmsService } from './sms/sms-service.js';
import { FileService } from './storage/file-service.js';
import { StorageService } from './storage/storage-service.js';

/** The channels: object storage with attachments, SMS and e-mail, and the record of what was sent. */
export interface ResourceServices {
  storage: StorageService;
  files: FileService;
  sms: SmsService;
  mail: MailService;
  sendRecords: SendRecords;
}

export function createResourceServices(db: Db, repository: EntityRepository, dataDir: string): ResourceServices {
  const storage = new StorageService(db, dataDir);
  const sendRecords = new SendRecords(db);
  return {
    storage, sendRecords,
    files: new FileService(db, repository, storage),
    sms: new SmsService(db, sendRecords),
    mail: new MailService(db, sendRecords),
  };
}

/** Server-side rules of the resource entities. */
export function resourceHooks(resources: ResourceServices): [string, EntityHooks][] {
  return [
    [ossEntity.name, ossHooks],
    [smsEntity.name, smsHooks],
    [emailSettingEntity.name, emailSettingHooks],
    [attachEntity.name, { afterRemove: (rows) => resources.files.deleteObjects(rows) }],
  ];
}
