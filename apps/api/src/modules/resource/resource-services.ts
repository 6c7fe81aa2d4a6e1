import { TenantQuotas } from '../tenant/tenant-quotas.js';
import { attachEntity, emailSettingEntity, ossEntity, smsEntity, t } from '@alumni/domain';
import { invalidFields } from '../../core/errors.js';
import type { Db } from '../../db/database.js';
import type { EntityHooks } from '../../engine/entity-hooks.js';
import type { EntityRepository } from '../../engine/entity-repository.js';
import type { OutboundGuard } from '../../security/outbound-address.js';
import { ossHooks, smsHooks } from './channel-hooks.js';
import { emailSettingHooks } from './mail/email-setting-hooks.js';
import { MailService } from './mail/mail-service.js';
import { SendRecords } from './send-records.js';
import { SmsService } from './sms/sms-service.js';
import { FileService } from './storage/file-service.js';
import { tenantOfKey } from './storage/object-store.js';
import { StorageService } from './storage/storage-service.js';

/** The channels: object storage with attachments, SMS and e-mail, and the record of what was sent. */
export interface ResourceServices {
  storage: StorageService;
  files: FileService;
  sms: SmsService;
  mail: MailService;
  sendRecords: SendRecords;
  /** The check of the endpoints and hosts the channels' configurations name. */
  outbound: OutboundGuard;
}

export function createResourceServices(db: Db, repository: EntityRepository, dataDir: string, outbound: OutboundGuard, quotas: TenantQuotas = new TenantQuotas(db, null)): ResourceServices {
  const storage = new StorageService(db, dataDir, outbound);
  const sendRecords = new SendRecords(db, repository.sealing);
  return {
    storage, sendRecords, outbound,
    files: new FileService(db, repository, storage, outbound, quotas),
    sms: new SmsService(db, sendRecords, outbound, quotas),
    mail: new MailService(db, sendRecords, outbound, quotas),
  };
}

const NOT_OWN_OBJECT = t('文件名必须是本租户存储的对象', 'The name must be an object stored by this tenant');

/**
 * An attachment row may only name an object of the caller's own tenant (the object key starts with
 * the tenant id): a row naming another tenant's key would otherwise serve that tenant's file.
 */
function attachHooks(resources: ResourceServices): EntityHooks {
  return {
    async beforeSave(ctx, values) {
      if (!('name' in values)) return;
      if (tenantOfKey(String(values.name ?? '')) !== ctx.caller.tenantId) throw invalidFields({ name: NOT_OWN_OBJECT[ctx.lang] });
    },
    afterRemove: (rows) => resources.files.deleteObjects(rows),
  };
}

/** Server-side rules of the resource entities. */
export function resourceHooks(resources: ResourceServices): [string, EntityHooks][] {
  return [
    [ossEntity.name, ossHooks(resources.outbound)],
    [smsEntity.name, smsHooks(resources.outbound)],
    [emailSettingEntity.name, emailSettingHooks(resources.outbound)],
    [attachEntity.name, attachHooks(resources)],
  ];
}
