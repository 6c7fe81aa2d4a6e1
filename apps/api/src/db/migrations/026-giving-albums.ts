import { donationEntity, photoAlbumEntity, photoEntity } from '@alumni/domain';
import type { Db, Dialect } from '../database.js';
import { createEntityTable } from '../entity-table.js';

/**
 * Donations (DOMAIN 7), photo albums and their photos (DOMAIN 6.4) from their definitions, with
 * the indexes their calls read by: the sums of countAmount (received gifts of a tenant by donate
 * time, their amounts alongside, so the statistics read the index alone), an album's photos in
 * order, and a share code.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  await createEntityTable(db, dialect, donationEntity);
  await createEntityTable(db, dialect, photoAlbumEntity);
  await createEntityTable(db, dialect, photoEntity);
  await db.schema.createIndex('alumni_donation_sums').on(donationEntity.table)
    .columns(['tenant_id', 'is_deleted', 'payment_status', 'donate_time', 'cny_amount', 'purpose', 'donation_method', 'donor_type', 'org_dept_id']).execute();
  await db.schema.createIndex('alumni_photo_album_order').on(photoEntity.table)
    .columns(['tenant_id', 'album_id', 'is_deleted', 'sort', 'taken_time']).execute();
  await db.schema.createIndex('alumni_photo_album_share').on(photoAlbumEntity.table).columns(['share_code']).execute();
}
