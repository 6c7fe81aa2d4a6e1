import { basicInfoEntity, type EntityDef, type Lang } from '@alumni/domain';
import type { Db } from '../db/database.js';
import { CONSENT_LOG_TABLE } from '../db/migrations/023-consent-log.js';
import { PORTAL_SESSION_TABLE } from '../db/migrations/047-portal-sessions.js';
import type { JsonRecord } from '../db/row-mapping.js';
import type { EntityRepository } from '../engine/entity-repository.js';
import { rowsAboutAlumnus } from './portal-privacy-anonymise.js';

/** One table of the export: its name, its label in both languages, its columns (field, label) and rows. */
export interface ExportTable {
  table: string;
  label: { zh: string; en: string };
  columns: { field: string; label: { zh: string; en: string } }[];
  rows: Record<string, unknown>[];
}

export interface PersonalDataExport {
  alumnusId: string;
  tenantId: string;
  exportedAt: string;
  tables: ExportTable[];
}

/** Columns of every row the export leaves out: bookkeeping of the product, not data about the person. */
const BOOKKEEPING = new Set(['tenantId', 'createUser', 'createDept', 'updateUser', 'isDeleted', 'sendJob', 'orgDeptId']);

function tableOf(entity: EntityDef, rows: JsonRecord[]): ExportTable {
  const columns = [
    { field: 'id', label: { zh: '编号', en: 'Id' } },
    ...Object.entries(entity.fields).map(([field, f]) => ({ field, label: f.label })),
    { field: 'createTime', label: { zh: '创建时间', en: 'Created' } },
    { field: 'updateTime', label: { zh: '更新时间', en: 'Updated' } },
  ].filter((c) => !BOOKKEEPING.has(c.field));
  return {
    table: entity.table, label: entity.label, columns,
    rows: rows.map((r) => Object.fromEntries(columns.map((c) => [c.field, r[c.field] ?? null]))),
  };
}

/**
 * Everything the school holds about one alumnus (PIPL art. 45, decision 261): the alumni record
 * and every live row of every table that points to it, opened (the person sees their own ID
 * number, phone and e-mail in full), their consent log and their portal sign-ins. Rows are found
 * by the alumnus's id alone, within the tenant, so nobody else's row can enter.
 */
export async function personalDataOf(db: Db, repository: EntityRepository, tenantId: string, alumnusId: string, exportedAt: string): Promise<PersonalDataExport> {
  const scope = { tenantId };
  const record = await repository.findById(basicInfoEntity, scope, alumnusId);
  const tables: ExportTable[] = [tableOf(basicInfoEntity, record ? [record] : [])];
  for (const { entity, fields } of rowsAboutAlumnus()) {
    const seen = new Map<string, JsonRecord>();
    for (const field of fields) {
      const rows = await repository.all(entity, { tenantId: entity.scope === 'tenant' ? tenantId : null }, [{ field, op: 'equal', value: alumnusId }], [], 100_000);
      for (const row of rows) if (String(row[field]) === alumnusId) seen.set(String(row.id), row);
    }
    if (seen.size > 0) tables.push(tableOf(entity, [...seen.values()]));
  }
  const consent = await db.selectFrom(CONSENT_LOG_TABLE).select(['channel', 'allowed', 'source', 'time', 'note'])
    .where('tenant_id', '=', tenantId).where('alumni_id', '=', alumnusId).orderBy('time', 'desc').execute();
  if (consent.length > 0) {
    tables.push({
      table: CONSENT_LOG_TABLE, label: { zh: '授权变更记录', en: 'Consent changes' },
      columns: [
        { field: 'channel', label: { zh: '渠道', en: 'Channel' } }, { field: 'allowed', label: { zh: '同意', en: 'Allowed' } },
        { field: 'source', label: { zh: '来源', en: 'Source' } }, { field: 'time', label: { zh: '时间', en: 'Time' } }, { field: 'note', label: { zh: '说明', en: 'Note' } },
      ],
      rows: consent.map((r) => ({ channel: String(r.channel), allowed: Number(r.allowed), source: String(r.source), time: String(r.time), note: r.note ?? null })),
    });
  }
  const sessions = await db.selectFrom(PORTAL_SESSION_TABLE).select(['channel', 'address', 'create_time', 'expire_time', 'end_time'])
    .where('tenant_id', '=', tenantId).where('alumnus_id', '=', alumnusId).orderBy('create_time', 'desc').execute();
  if (sessions.length > 0) {
    tables.push({
      table: PORTAL_SESSION_TABLE, label: { zh: '校友门户登录', en: 'Portal sign-ins' },
      columns: [
        { field: 'channel', label: { zh: '方式', en: 'By' } }, { field: 'address', label: { zh: '地址', en: 'Address' } },
        { field: 'createTime', label: { zh: '登录时间', en: 'Signed in' } }, { field: 'expireTime', label: { zh: '到期时间', en: 'Expires' } },
        { field: 'endTime', label: { zh: '退出时间', en: 'Signed out' } },
      ],
      rows: sessions.map((s) => ({ channel: s.channel ?? null, address: s.address ?? null, createTime: s.create_time, expireTime: s.expire_time, endTime: s.end_time ?? null })),
    });
  }
  return { alumnusId, tenantId, exportedAt, tables };
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The export as one readable, self-contained HTML page in the reader's language. */
export function exportHtml(data: PersonalDataExport, name: string, lang: Lang): string {
  const title = lang === 'en' ? `The data the school holds about ${name}` : `学校持有的${name}的个人信息`;
  const when = lang === 'en' ? `Exported at ${data.exportedAt}` : `导出时间：${data.exportedAt}`;
  const sections = data.tables.map((table) => {
    const head = table.columns.map((c) => `<th>${escape(c.label[lang])}</th>`).join('');
    const body = table.rows.map((row) => `<tr>${table.columns.map((c) => `<td>${escape(row[c.field] === null || row[c.field] === undefined ? '' : String(row[c.field]))}</td>`).join('')}</tr>`).join('\n');
    const count = lang === 'en' ? `${table.rows.length} row(s)` : `${table.rows.length} 条`;
    return `<section><h2>${escape(table.label[lang])} <small>${escape(table.table)} · ${count}</small></h2>\n<div class="wrap"><table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table></div></section>`;
  }).join('\n');
  return `<!doctype html><html lang="${lang === 'en' ? 'en' : 'zh-CN'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`
    + `<title>${escape(title)}</title><style>body{font-family:sans-serif;margin:16px;color:#222}h1{font-size:20px}h2{font-size:16px;margin-top:24px}`
    + `small{color:#888;font-weight:normal}.wrap{overflow-x:auto}table{border-collapse:collapse;font-size:13px}th,td{border:1px solid #ddd;padding:4px 6px;text-align:left;vertical-align:top}`
    + `th{background:#f5f5f5;white-space:nowrap}</style></head><body><h1>${escape(title)}</h1><p>${escape(when)}</p>\n${sections}\n</body></html>`;
}
