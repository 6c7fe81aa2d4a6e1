import { PLATFORM_TENANT } from '@alumni/domain';
import { ids } from '../core/ids.js';
import { now } from '../core/time.js';
import type { Db } from '../db/database.js';
import { valuesToColumns } from '../db/row-mapping.js';

/** Inserts seed rows with the base columns filled in. */
export class SeedWriter {
  readonly stamp = now();

  constructor(readonly db: Db, readonly adminId: string) {}

  async insert(table: string, values: Record<string, unknown>, tenantId: string = PLATFORM_TENANT): Promise<string> {
    const id = (values.id as string | undefined) ?? ids.next();
    await this.db.insertInto(table).values(valuesToColumns({
      tenantId, createUser: this.adminId, createTime: this.stamp, updateUser: this.adminId, updateTime: this.stamp,
      status: 1, isDeleted: 0, ...values, id,
    })).execute();
    return id;
  }

  async link(table: string, values: Record<string, unknown>): Promise<void> {
    await this.db.insertInto(table).values(valuesToColumns({ id: ids.next(), ...values })).execute();
  }
}
