import { OSS_DICTIONARY_ENTRIES, SMS_DICTIONARY_ENTRIES } from '@alumni/domain';
import { sql } from 'kysely';
import { ids } from '../../core/ids.js';
import type { Db, Dialect } from '../database.js';

interface StoredCodes {
  /** Dictionary and table whose `category` holds the code. */
  dictionary: 'sms' | 'oss';
  table: 'blade_sms' | 'blade_oss';
  /** Old code -> code with BladeX's meaning. */
  renumber: Record<string, string>;
  /** Whether the dictionary's entries (key -> value) are those of an installation with the old codes. */
  isOld(entries: Map<string, string>): boolean;
  /** The entries the dictionary holds afterwards. */
  entries: [string, string, string][];
}

/**
 * Earlier versions numbered the providers of `blade_sms.category` and `blade_oss.category` their own
 * way; BladeX stores 1 云片 / 2 七牛 / 3 阿里 / 4 腾讯 (SMS) and 1 minio / 2 七牛 / 3 阿里 / 4 腾讯
 * (storage). The old SMS codes were 1 development log, 2 Alibaba, 3 Tencent; the old storage codes
 * 1 local folder, 2 MinIO, 3 Alibaba, 4 Tencent, 5 Qiniu.
 */
const CODES: StoredCodes[] = [
  {
    dictionary: 'sms',
    table: 'blade_sms',
    renumber: { 1: '5', 2: '3', 3: '4' },
    // The old dictionary had three entries and no Tencent at 4.
    isOld: (entries) => entries.size > 0 && !entries.has('4') && !entries.has('5'),
    entries: SMS_DICTIONARY_ENTRIES,
  },
  {
    dictionary: 'oss',
    table: 'blade_oss',
    renumber: { 1: '5', 2: '1', 5: '2' },
    isOld: (entries) => entries.get('1') === '本地存储' || entries.get('5') === '七牛云',
    entries: OSS_DICTIONARY_ENTRIES,
  },
];

/** One `case` over the old codes, so each row is renumbered once whatever the order. */
function renumbered(renumber: Record<string, string>) {
  const cases = Object.entries(renumber).map(([from, to]) => sql`when ${from} then ${to}`);
  return sql<string>`case category ${sql.join(cases, sql` `)} else category end`;
}

/**
 * Stored codes with BladeX's meaning (docs/decisions.md): an installation created with the old
 * codes gets its SMS and storage rows and the entries of dictionaries `sms` and `oss` renumbered.
 * A database whose dictionaries already hold BladeX's codes (a fresh one, or one taken over from
 * BladeX) is left as it is.
 */
export async function up(db: Db, _dialect: Dialect): Promise<void> {
  for (const codes of CODES) {
    const parent = await db.selectFrom('blade_dict').selectAll()
      .where('code', '=', codes.dictionary).where('parent_id', '=', '0').where('is_deleted', '=', 0).executeTakeFirst();
    if (!parent) continue;
    const rows = await db.selectFrom('blade_dict').select(['id', 'dict_key', 'dict_value'])
      .where('parent_id', '=', String(parent.id)).where('is_deleted', '=', 0).execute();
    const entries = new Map(rows.map((r) => [String(r.dict_key), String(r.dict_value)]));
    if (!codes.isOld(entries)) continue;

    await db.updateTable(codes.table).set({ category: renumbered(codes.renumber) }).execute();

    // The old entries are retired and the dictionary refilled with the entries of the new codes.
    await db.updateTable('blade_dict').set({ is_deleted: 1 }).where('parent_id', '=', String(parent.id)).where('is_deleted', '=', 0).execute();
    let sort = 0;
    for (const [key, value] of codes.entries) {
      sort += 1;
      await db.insertInto('blade_dict').values({
        ...parent, id: ids.next(), parent_id: String(parent.id), dict_key: key, dict_value: value, sort, remark: null, is_sealed: 0,
      }).execute();
    }
  }
}
