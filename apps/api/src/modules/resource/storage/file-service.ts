import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { RESOURCE_MSG, RESOURCE_PATHS, attachEntity, type PutFileResult } from '@alumni/domain';
import { badRequest } from '../../../core/errors.js';
import type { Caller } from '../../../core/caller.js';
import { ids } from '../../../core/ids.js';
import { now } from '../../../core/time.js';
import type { Db } from '../../../db/database.js';
import { rowToRecord, selectColumns, type JsonRecord } from '../../../db/row-mapping.js';
import type { EntityRepository } from '../../../engine/entity-repository.js';
import type { OutboundGuard } from '../../../security/outbound-address.js';
import { OBJECT_KEY, tenantOfKey, type ObjectStore, type StoredObject } from './object-store.js';
import type { Upload } from './receive-upload.js';
import type { StorageService } from './storage-service.js';
import type { TenantQuotas } from '../../tenant/tenant-quotas.js';

/** Where the web client reads a stored file (with the token as a query parameter). */
const FILE_ROUTE = `/api${RESOURCE_PATHS.getFile}`;

const today = () => now().slice(0, 10).replace(/-/g, '');

/**
 * Error codes of the S3 protocol that tell staff what to fix in the configuration; any other failure
 * is named in general words (`OutboundGuard.describe`), never in the service's own.
 */
const S3_CODES = new Set([
  'NoSuchBucket', 'AccessDenied', 'InvalidAccessKeyId', 'SignatureDoesNotMatch', 'InvalidBucketName', 'AuthorizationHeaderMalformed',
  'PermanentRedirect', 'InvalidRegion', 'RequestTimeTooSkewed', 'EntityTooLarge', 'QuotaExceeded',
]);

const hostOf = (store: ObjectStore): string => (store as { host?: string }).host ?? '';

/** Stores uploads through the tenant's enabled store and keeps an attachment row for each. */
export class FileService {
  constructor(
    private readonly db: Db,
    private readonly repository: EntityRepository,
    private readonly storage: StorageService,
    private readonly outbound: OutboundGuard,
    private readonly quotas: TenantQuotas,
  ) {}

  /** The 400 of a store that failed: an S3 error code staff can act on, else what went wrong in general words. */
  private storeFailure(err: unknown, store: ObjectStore) {
    const name = (err as { name?: string } | null)?.name ?? '';
    const known = S3_CODES.has(name) && (err as { $metadata?: unknown }).$metadata !== undefined;
    if (known) return badRequest(RESOURCE_MSG.storageFailed, { reason: name });
    return this.outbound.failure(err, hostOf(store), RESOURCE_MSG.storageFailed);
  }

  async put(caller: Caller, upload: Upload): Promise<PutFileResult> {
    try {
      await this.quotas.requireStorage(caller.tenantId, upload.size);
    } catch (err) {
      await rm(upload.path, { force: true });
      throw err;
    }
    const key = `${caller.tenantId}/${today()}/${randomUUID()}.${upload.extension}`;
    const { store, ossId } = await this.storage.enabledStore(caller.tenantId);
    try {
      await store.put(key, upload);
    } catch (err) {
      throw this.storeFailure(err, store);
    } finally {
      await rm(upload.path, { force: true });
    }
    const link = `${FILE_ROUTE}?name=${encodeURIComponent(key)}`;
    const id = ids.next();
    const stamp = now();
    try {
      await this.repository.insert(attachEntity, {
        id, tenantId: caller.tenantId, link, domainUrl: FILE_ROUTE, name: key, originalName: upload.originalName,
        extension: upload.extension, attachSize: upload.size, ossId,
        createUser: caller.userId, createDept: caller.deptId, createTime: stamp, updateUser: caller.userId, updateTime: stamp, status: 1, isDeleted: 0,
      });
    } catch (err) {
      await store.remove(key);
      throw err;
    }
    return { link, domain: FILE_ROUTE, name: key, originalName: upload.originalName, attachId: id, size: upload.size, extension: upload.extension };
  }

  /** A live attachment of the tenant and its object, or null (unknown, removed, or another tenant's). */
  async open(tenantId: string, key: string): Promise<{ attach: JsonRecord; object: StoredObject } | null> {
    // Only keys of the caller's own tenant are served, whatever rows exist.
    if (tenantOfKey(key) !== tenantId) return null;
    const row = await this.db.selectFrom(attachEntity.table).select(selectColumns(attachEntity))
      .where('tenant_id', '=', tenantId).where('name', '=', key).where('is_deleted', '=', 0).executeTakeFirst();
    if (!row) return null;
    const attach = rowToRecord(attachEntity, row);
    const store = await this.storage.storeById(tenantId, attach.ossId === null ? null : String(attach.ossId));
    let object: StoredObject | null;
    try {
      object = await store.get(key);
    } catch (err) {
      throw this.storeFailure(err, store);
    }
    return object ? { attach, object } : null;
  }

  /** Deletes the objects of removed attachment rows; rows that name no object of ours are left alone. */
  async deleteObjects(rows: JsonRecord[]): Promise<void> {
    for (const row of rows) {
      const key = String(row.name ?? '');
      if (!OBJECT_KEY.test(key) || !key.startsWith(`${String(row.tenantId)}/`)) continue;
      const store = await this.storage.storeById(String(row.tenantId), row.ossId === null ? null : String(row.ossId));
      await store.remove(key);
    }
  }
}
