import {
  ASSOCIATION_MSG, ASSOCIATION_TYPE, MSG, POSITION, associationEntity, associationMemberEntity, parseSubmit,
  type SubmitValues,
} from '@alumni/domain';
import type { Caller } from '../../core/caller.js';
import { badRequest, invalidFields } from '../../core/errors.js';
import type { Db } from '../../db/database.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { EntityHooks, WriteContext } from '../../engine/entity-hooks.js';
import { after } from '../academic/academic-rules.js';
import { checkDates, checkFiles, namesOf, refuse } from './relation-rules.js';

const CREDIT_CODE = /^[0-9A-HJ-NPQRTUWXY]{2}[0-9]{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/** The state changes of an association (DOMAIN 5.1): 1 → 2, 1 → 3, 2 → 3, 3 → 2. */
const STATE_CHANGES: Record<string, readonly string[]> = { '1': ['2', '3'], '2': ['3'], '3': ['2'] };

const DEPT_MISSING = { zh: '所选组织机构不存在', en: 'The organisation unit does not exist' };

/** The associations of a tenant as `{id, parentId}`, live ones only. */
async function associationsOf(db: Db, tenantId: string) {
  const rows = await db.selectFrom(associationEntity.table).select(['id', 'parent_id', 'association_name', 'association_state', 'org_dept_id'])
    .where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).execute();
  return rows.map((r) => ({
    id: String(r.id), parentId: r.parent_id === null ? null : String(r.parent_id), name: String(r.association_name),
    state: String(r.association_state), orgDeptId: r.org_dept_id === null ? null : String(r.org_dept_id),
  }));
}

/** The rules of an association (DOMAIN 5.1) beyond its fields. */
export function associationHooks(db: () => Db): EntityHooks {
  return {
    async beforeSave(ctx, values, existing) {
      const tenantId = ctx.caller.tenantId;
      const type = String(after(values, existing, 'associationType') ?? '');
      const all = await associationsOf(ctx.db, tenantId);
      const selfId = existing ? String(existing.id) : null;
      const general = await ctx.db.selectFrom(associationEntity.table).select('id')
        .where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).where('association_type', '=', ASSOCIATION_TYPE.general)
        .$if(selfId !== null, (q) => q.where('id', '<>', selfId as string)).executeTakeFirst();
      if (type === ASSOCIATION_TYPE.general && general) throw refuse(ctx, 'associationType', ASSOCIATION_MSG.generalExists);
      const parentId = after(values, existing, 'parentId');
      if (parentId !== null && parentId !== '') {
        if (type === ASSOCIATION_TYPE.general) throw refuse(ctx, 'parentId', ASSOCIATION_MSG.generalHasNoParent);
        const parent = all.find((a) => a.id === String(parentId));
        if (!parent) throw refuse(ctx, 'parentId', ASSOCIATION_MSG.badParent);
        // Walking up from the parent must never meet the association itself.
        if (selfId) {
          const seen = new Set<string>();
          for (let at: string | null = parent.id; at !== null && !seen.has(at); at = all.find((a) => a.id === at)?.parentId ?? null) {
            if (at === selfId) throw refuse(ctx, 'parentId', ASSOCIATION_MSG.badParent);
            seen.add(at);
          }
        }
      }
      const departmentId = after(values, existing, 'departmentId');
      if (type === ASSOCIATION_TYPE.college && (departmentId === null || departmentId === '')) throw refuse(ctx, 'departmentId', ASSOCIATION_MSG.departmentRequired);
      const province = after(values, existing, 'provinceCode');
      if (type === ASSOCIATION_TYPE.regional && (province === null || province === '')) throw refuse(ctx, 'provinceCode', ASSOCIATION_MSG.provinceRequired);
      const creditCode = after(values, existing, 'creditCode');
      if (creditCode !== null && creditCode !== '') {
        if (!CREDIT_CODE.test(String(creditCode))) throw refuse(ctx, 'creditCode', ASSOCIATION_MSG.badCreditCode);
      } else if (Number(after(values, existing, 'isRegistered') ?? 0) === 1 && String(after(values, existing, 'country') ?? '中国') === '中国') {
        throw refuse(ctx, 'creditCode', ASSOCIATION_MSG.creditCodeRequired);
      }
      checkDates(ctx, values, ['foundDate']);
      checkFiles(ctx, values, { charterFiles: 3 });
      if (existing && 'associationState' in values) {
        const from = String(existing.associationState);
        const to = String(values.associationState);
        if (from !== to && !(STATE_CHANGES[from] ?? []).includes(to)) {
          throw refuse(ctx, 'associationState', ASSOCIATION_MSG.badState, { from: stateName(from, ctx.lang), to: stateName(to, ctx.lang) });
        }
      }
      // No unit of its own: the parent's (DOMAIN 5.1).
      const orgDeptId = after(values, existing, 'orgDeptId');
      if (orgDeptId === null || orgDeptId === '') {
        const parent = all.find((a) => a.id === String(parentId ?? ''));
        values.orgDeptId = parent?.orgDeptId ?? null;
      } else if ('orgDeptId' in values) {
        const dept = await ctx.db.selectFrom('blade_dept').select('id').where('id', '=', String(orgDeptId))
          .where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).executeTakeFirst();
        if (!dept) throw refuse(ctx, 'orgDeptId', DEPT_MISSING);
      }
    },
    async afterSave(ctx, record) {
      const officers = ctx.body?.officers;
      if (officers === undefined || officers === null) return;
      if (!Array.isArray(officers)) throw badRequest(MSG.badText, { label: 'officers' });
      await replaceCouncil(ctx, String(record.id), officers as unknown[]);
    },
    async beforeRemove(ctx, rows) {
      const idList = rows.map((r) => String(r.id));
      const child = await ctx.db.selectFrom(associationEntity.table).select('id').where('tenant_id', '=', ctx.caller.tenantId)
        .where('is_deleted', '=', 0).where('parent_id', 'in', idList).where('id', 'not in', idList).executeTakeFirst();
      const member = await ctx.db.selectFrom(associationMemberEntity.table).select('id').where('tenant_id', '=', ctx.caller.tenantId)
        .where('is_deleted', '=', 0).where('association_id', 'in', idList).executeTakeFirst();
      if (child || member) throw badRequest(ASSOCIATION_MSG.inUse);
    },
    async withRelated(records, caller) {
      await addCouncilFigures(db(), caller, records);
    },
    async detailExtras(stored, caller) {
      const officers = await db().selectFrom(associationMemberEntity.table)
        .select(['id', 'alumni_id', 'position', 'term_start', 'term_end', 'join_date', 'is_active'])
        .where('tenant_id', '=', caller.tenantId).where('is_deleted', '=', 0).where('association_id', '=', String(stored.id))
        .where('position', '<>', POSITION.member).orderBy('position').execute();
      const names = await namesOf(db(), 'alumni_basic_info', 'name', caller.tenantId, officers.map((o) => String(o.alumni_id)));
      const children = await db().selectFrom(associationEntity.table).select(['id', 'association_name'])
        .where('tenant_id', '=', caller.tenantId).where('is_deleted', '=', 0).where('parent_id', '=', String(stored.id)).orderBy('sort').execute();
      return {
        officers: officers.map((o) => ({
          id: String(o.id), alumniId: String(o.alumni_id), alumniName: names.get(String(o.alumni_id)) ?? null, position: String(o.position),
          termStart: o.term_start === null ? null : String(o.term_start).slice(0, 10), termEnd: o.term_end === null ? null : String(o.term_end).slice(0, 10),
          joinDate: o.join_date === null ? null : String(o.join_date).slice(0, 10), isActive: Number(o.is_active),
        })),
        children: children.map((c) => ({ id: String(c.id), associationName: String(c.association_name) })),
      };
    },
  };
}

const STATE_NAMES: Record<string, { zh: string; en: string }> = {
  '1': { zh: '筹备中', en: 'founding' }, '2': { zh: '正常运行', en: 'running' }, '3': { zh: '已撤销', en: 'dissolved' },
};
const stateName = (key: string, lang: 'zh' | 'en') => STATE_NAMES[key]?.[lang] ?? key;

/**
 * `officers` of an association's submit replaces its council: each officer becomes (or stays) a
 * member with the position and term given; officers left out return to ordinary members.
 */
async function replaceCouncil(ctx: WriteContext, associationId: string, officers: unknown[]): Promise<void> {
  const ops = ctx.operations;
  if (!ops) return;
  const plan = ops.systemPlan(associationMemberEntity, ctx);
  const current = await ctx.db.selectFrom(associationMemberEntity.table).select(['id', 'alumni_id', 'position'])
    .where('tenant_id', '=', ctx.caller.tenantId).where('is_deleted', '=', 0).where('association_id', '=', associationId).execute();
  // Old officers step down first, so a new president is not refused for the old one's term.
  for (const row of current.filter((r) => String(r.position) !== POSITION.member)) {
    await ops.writeRow(plan, ctx.db, { id: String(row.id), values: { position: POSITION.member } }, {});
  }
  for (const raw of officers) {
    const body: Record<string, unknown> = { ...(raw && typeof raw === 'object' ? raw as Record<string, unknown> : {}), associationId };
    const existing = current.find((r) => String(r.alumni_id) === String(body.alumniId ?? ''));
    const parsed = parseSubmit(associationMemberEntity, existing ? { ...body, id: String(existing.id) } : body, ctx.lang);
    if (!parsed.ok) throw invalidFields(parsed.errors);
    await ops.writeRow(plan, ctx.db, parsed, body);
  }
}

/** `presidentName`, `secretaryGeneralName`, `memberCount` and `regionName` of associations. */
async function addCouncilFigures(db: Db, caller: Caller, records: JsonRecord[]): Promise<void> {
  const idList = records.map((r) => String(r.id));
  if (idList.length === 0) return;
  const members = await db.selectFrom(associationMemberEntity.table).select(['association_id', 'alumni_id', 'position', 'is_active'])
    .where('tenant_id', '=', caller.tenantId).where('is_deleted', '=', 0).where('association_id', 'in', idList).execute();
  const names = await namesOf(db, 'alumni_basic_info', 'name', caller.tenantId,
    members.filter((m) => String(m.position) === POSITION.president || String(m.position) === POSITION.secretaryGeneral).map((m) => String(m.alumni_id)));
  const regions = await regionNames(db, records.flatMap((r) => [r.provinceCode, r.cityCode]).filter((c): c is string => typeof c === 'string' && c !== ''));
  for (const r of records) {
    const own = members.filter((m) => String(m.association_id) === String(r.id));
    const named = (position: string) => {
      const m = own.find((x) => String(x.position) === position && Number(x.is_active) === 1);
      return m ? (names.get(String(m.alumni_id)) ?? null) : null;
    };
    r.presidentName = named(POSITION.president);
    r.secretaryGeneralName = named(POSITION.secretaryGeneral);
    r.memberCount = own.filter((m) => Number(m.is_active) === 1).length;
    r.regionName = regionText(r, regions);
  }
}

/** Names of regions by code. */
export async function regionNames(db: Db, codes: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(codes)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('blade_region').select(['code', 'name']).where('code', 'in', unique).execute();
  return new Map(rows.map((r) => [String(r.code), String(r.name)]));
}

/** A row's place: country, province and city names (`北京市`, `广东省 深圳市`, `美国 旧金山`). */
export function regionText(r: JsonRecord, regions: Map<string, string>): string | null {
  const parts = [r.provinceCode, r.cityCode].map((c) => (typeof c === 'string' ? regions.get(c) ?? null : null)).filter((p): p is string => !!p);
  if (parts.length === 0) {
    const abroad = [r.country, r.overseasCity].filter((p) => typeof p === 'string' && p !== '' && p !== '中国');
    return abroad.length ? abroad.join(' ') : null;
  }
  return parts.join(' ');
}

