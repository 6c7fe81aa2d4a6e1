import { createHash } from 'node:crypto';
import path from 'node:path';
import { OSS_CATEGORY, ossEntity } from '@alumni/domain';
import type { Db } from '../../../db/database.js';
import { OutboundGuard } from '../../../security/outbound-address.js';
import { rowToRecord, selectColumns, type JsonRecord } from '../../../db/row-mapping.js';
import { LocalStore } from './local-store.js';
import type { ObjectStore } from './object-store.js';
import { S3Store } from './s3-store.js';

/** A store and the configuration row it came from (null = the built-in local folder). */
export interface ResolvedStore {
  store: ObjectStore;
  ossId: string | null;
}

/**
 * Picks the store of a tenant's enabled object-storage configuration. A tenant without one uses
 * the built-in local folder, so uploads (avatars) work on a new tenant before anyone configures storage.
 */
export class StorageService {
  private readonly local: LocalStore;
  private readonly s3 = new Map<string, S3Store>();

  /** `guard` checks the endpoints of S3-compatible stores (without one: no internal address is allowed). */
  constructor(private readonly db: Db, dataDir: string, private readonly guard: OutboundGuard = new OutboundGuard()) {
    this.local = new LocalStore(path.join(dataDir, 'files'));
  }

  async enabledStore(tenantId: string): Promise<ResolvedStore> {
    const row = await this.db.selectFrom(ossEntity.table).select(selectColumns(ossEntity))
      .where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).where('enabled', '=', 1)
      .orderBy('update_time', 'desc').executeTakeFirst();
    if (!row) return { store: this.local, ossId: null };
    const config = rowToRecord(ossEntity, row);
    return { store: this.storeOf(config), ossId: String(config.id) };
  }

  /** The store a file was put into; a removed configuration still locates its files. */
  async storeById(tenantId: string, ossId: string | null): Promise<ObjectStore> {
    if (!ossId) return this.local;
    const row = await this.db.selectFrom(ossEntity.table).select(selectColumns(ossEntity))
      .where('tenant_id', '=', tenantId).where('id', '=', ossId).executeTakeFirst();
    return row ? this.storeOf(rowToRecord(ossEntity, row)) : this.local;
  }

  private storeOf(config: JsonRecord): ObjectStore {
    const category = String(config.category ?? OSS_CATEGORY.local);
    if (category === OSS_CATEGORY.local) return this.local;
    const settings = {
      endpoint: String(config.endpoint ?? ''),
      region: String(config.region || 'us-east-1'),
      bucket: String(config.bucketName ?? ''),
      accessKey: String(config.accessKey ?? ''),
      secretKey: String(config.secretKey ?? ''),
      pathStyle: category === OSS_CATEGORY.minio,
    };
    // A client per configuration and settings: an edit (even within the same second) gets a new one.
    const key = `${String(config.id)}:${createHash('sha256').update(JSON.stringify(settings)).digest('hex')}`;
    let store = this.s3.get(key);
    if (!store) {
      for (const [k, old] of this.s3) {
        if (k.startsWith(`${String(config.id)}:`)) {
          old.close();
          this.s3.delete(k);
        }
      }
      store = new S3Store(settings, this.guard);
      this.s3.set(key, store);
    }
    return store;
  }

  close(): void {
    for (const store of this.s3.values()) store.close();
    this.s3.clear();
  }
}
