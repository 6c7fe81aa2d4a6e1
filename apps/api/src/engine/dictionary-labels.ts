import { englishEntryLabel, type Lang } from '@alumni/domain';
import type { Db } from '../db/database.js';

const TTL_MS = 30_000;

/** dictKey → dictValue of each dictionary, for the `xxxName` display fields of answers. */
export class DictionaryLabels {
  private readonly cache = new Map<string, { labels: Map<string, string>; expiresAt: number }>();

  constructor(private readonly db: Db) {}

  invalidate(): void {
    this.cache.clear();
  }

  async labels(source: 'system' | 'biz', tenantId: string, code: string): Promise<Map<string, string>> {
    const key = `${source}:${source === 'biz' ? tenantId : ''}:${code}`;
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.labels;
    let query = this.db.selectFrom(source === 'system' ? 'blade_dict' : 'blade_dict_biz')
      .select(['dict_key', 'dict_value'])
      .where('code', '=', code).where('parent_id', '<>', 0).where('is_deleted', '=', 0);
    if (source === 'biz') query = query.where('tenant_id', '=', tenantId);
    const rows = await query.orderBy('sort').execute();
    const labels = new Map(rows.map((r) => [String(r.dict_key), String(r.dict_value)]));
    this.cache.set(key, { labels, expiresAt: Date.now() + TTL_MS });
    return labels;
  }

  /**
   * The label of one entry in a language: in English the label the product ships, else (and for an
   * entry a tenant added) the stored one; the key itself when the dictionary has no such entry.
   */
  async label(source: 'system' | 'biz', tenantId: string, code: string, key: string, lang: Lang): Promise<string> {
    return (lang === 'en' ? englishEntryLabel(code, key) : undefined) ?? (await this.labels(source, tenantId, code)).get(key) ?? key;
  }

  /** The entries of a dictionary in order, with their remarks (a decade's `from,to`). */
  async entries(source: 'system' | 'biz', tenantId: string, code: string): Promise<{ key: string; label: string; remark: string | null }[]> {
    let query = this.db.selectFrom(source === 'system' ? 'blade_dict' : 'blade_dict_biz')
      .select(['dict_key', 'dict_value', 'remark'])
      .where('code', '=', code).where('parent_id', '<>', 0).where('is_deleted', '=', 0);
    if (source === 'biz') query = query.where('tenant_id', '=', tenantId);
    const rows = await query.orderBy('sort').execute();
    return rows.map((r) => ({ key: String(r.dict_key), label: String(r.dict_value), remark: r.remark === null ? null : String(r.remark) }));
  }
}
