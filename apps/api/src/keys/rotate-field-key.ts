import { renameSync, writeFileSync } from 'node:fs';
import { fieldKeyFile, type Config } from '../config.js';
import type { Database } from '../db/database.js';
import { FieldSealing, newFieldKey, type FieldKeyRing } from '../db/field-sealing.js';
import { migrate } from '../db/migrate.js';
import { sealStoredFields, valuesByKey, type SealProgress } from '../db/seal-stored-fields.js';

export interface RotationReport {
  /** The key values are now sealed with. */
  current: string;
  /** Whether this run added `current` to the ring in the data folder. */
  added: boolean;
  /** Rows rewritten, per entity. */
  resealed: Record<string, number>;
  /** Values each key of the ring seals after the run (all under `current` when it finished). */
  byKey: Record<string, number>;
  /** Keys removed from the ring because no value needs them (`retire`). */
  retired: string[];
}

/** Writes the ring in the data folder so that a crash leaves either the old file or the new one. */
function writeRing(dataDir: string, ring: FieldKeyRing): void {
  const file = fieldKeyFile(dataDir);
  writeFileSync(`${file}.tmp`, JSON.stringify(ring, null, 2), { mode: 0o600, flush: true });
  renameSync(`${file}.tmp`, file);
}

/** The next key id of a ring: k1, k2, … */
function nextKeyId(ring: FieldKeyRing): string {
  const numbers = Object.keys(ring.keys).map((id) => /^k(\d+)$/.exec(id)?.[1]).filter(Boolean).map(Number);
  return `k${Math.max(0, ...numbers) + 1}`;
}

/**
 * Key rotation of the personal data encrypted at rest (README "Encryption at rest").
 *
 * - With the ring in the data folder, a new key is added and made current (the file is written before
 *   any value is touched), then every value is sealed again with it.
 * - With `FIELD_KEYS`, the operator has put the new key first: every value is sealed again with it.
 *
 * Values are rewritten a batch per transaction; the run may stop anywhere and be started again
 * (`add: false` goes on with the current key). With `retire`, keys no value needs any more leave
 * the ring in the data folder (with `FIELD_KEYS` the report says which may be removed).
 */
export async function rotateFieldKey(config: Config, database: Database, options: { add: boolean; retire: boolean; onProgress?: (p: SealProgress) => void }): Promise<RotationReport> {
  await migrate(database);
  let ring: FieldKeyRing = { current: config.fieldKeys.current, keys: { ...config.fieldKeys.keys } };
  const added = options.add && config.fieldKeys.source === 'file';
  if (added) {
    const id = nextKeyId(ring);
    ring = { current: id, keys: { ...ring.keys, [id]: newFieldKey() } };
    writeRing(config.dataDir, ring);
  }
  const sealing = new FieldSealing(ring, config.dataKey);
  const resealed = await sealStoredFields(database.db, sealing, { rekey: true, onProgress: options.onProgress });
  const { byKey } = await valuesByKey(database.db, Object.keys(ring.keys));
  const retired = options.retire ? Object.keys(ring.keys).filter((id) => id !== ring.current && byKey[id] === 0) : [];
  if (retired.length > 0 && config.fieldKeys.source === 'file') {
    writeRing(config.dataDir, { current: ring.current, keys: Object.fromEntries(Object.entries(ring.keys).filter(([id]) => !retired.includes(id))) });
  }
  return { current: ring.current, added, resealed, byKey, retired };
}
