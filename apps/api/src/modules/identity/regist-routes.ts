import { REGIST_MSG, permissionCodes, registInfoEntity, studentStatusEntity, t, type Condition } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest } from '../../core/errors.js';
import { departmentChoices } from '../academic/academic-routes.js';
import { countRegist } from './count-regist.js';
import { registerRegistOpenRoutes } from './regist-open-routes.js';

const BASE = registInfoEntity.api!.base;
const tags = [`${registInfoEntity.label.en} (${registInfoEntity.label.zh})`];
const BAD_CARD = t('证件号码格式不正确', 'The ID number is not valid');

/** Calls of registrations beyond the engine's list, save, remove, enable/disable, import, export and examine (DOMAIN 4.2.1). */
export function registerRegistRoutes(app: FastifyInstance): void {
  registerRegistOpenRoutes(app);
  const { operations: ops, repository, params, labels, database, access } = app.services;
  const entity = registInfoEntity;
  app.get(`${BASE}/detail/cardNo/:cardNo`, {
    schema: {
      tags, summary: 'The latest registration with an ID number, or null',
      params: { type: 'object', properties: { cardNo: { type: 'string' } }, required: ['cardNo'] },
      querystring: { type: 'object', properties: { idType: { type: 'string', description: 'default 1' } } },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    const cardNo = (req.params as { cardNo: string }).cardNo.trim().toUpperCase();
    if (cardNo === '' || cardNo.length > 30) throw badRequest(BAD_CARD);
    const idType = (req.query as { idType?: string }).idType || '1';
    const conditions: Condition[] = [{ field: 'idType', op: 'equal', value: idType }, { field: 'idCardNo', op: 'equal', value: cardNo }];
    const page = await ops.list(entity, caller, { current: 1, size: 1, conditions, sorts: [{ field: 'createTime', desc: true }] });
    return ok(page.records[0] ?? null, req.lang);
  });

  app.post(`${BASE}/countRegistInfo`, {
    schema: {
      tags, summary: 'Statistics of registrations (DOMAIN 11.1) within the caller\'s data scope',
      querystring: { type: 'object', properties: { departmentId: { type: 'string' }, createTime_dategt: { type: 'string' }, createTime_datelt: { type: 'string' } } },
    },
  }, async (req) => ok(await countRegist(ops, repository, labels, database.dialect, requireCaller(req.caller), req.query as Record<string, unknown>), req.lang));

  app.get(`${BASE}/enrollment`, {
    schema: {
      tags, summary: 'Enrollment years that have registrations or approved study records, newest first; each table counted only for a caller holding its menu, within their data scope there',
      querystring: { type: 'object', properties: { departmentId: { type: 'string' } } },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    const departmentId = (req.query as { departmentId?: string }).departmentId;
    if (departmentId !== undefined && departmentId !== '' && !/^\d{1,19}$/.test(departmentId)) throw badRequest(REGIST_MSG.notFound);
    const years = new Map<number, number>();
    for (const source of [entity, studentStatusEntity]) {
      // The route's declared grant is either menu; a table whose menu the caller lacks adds nothing.
      if (!(await access.can(caller, permissionCodes(source).menu))) continue;
      const scope = await ops.rowScope(source, caller, undefined, 'read');
      const conditions: Condition[] = source === studentStatusEntity ? [{ field: 'examineStatus', op: 'equal', value: 1 }] : [];
      if (departmentId) conditions.push({ field: 'departmentId', op: 'equal', value: departmentId });
      const query = repository.scoped(source, scope, conditions).select(['enrollment_year']).select((eb) => eb.fn.countAll<number>().as('count'))
        .where('enrollment_year', 'is not', null);
      for (const row of await query.groupBy('enrollment_year').execute()) {
        const year = Number(row.enrollment_year);
        years.set(year, (years.get(year) ?? 0) + Number(row.count));
      }
    }
    const suffix = req.lang === 'en' ? '' : '级';
    return ok([...years].sort((a, b) => b[0] - a[0]).map(([year, count]) => ({ key: String(year), label: `${year}${suffix}`, count })), req.lang);
  });

  app.get(`${BASE}/schoolBeginYear`, { schema: { tags, summary: 'The school\'s name and founding year, and the current year: the bounds of enrollment-year pickers' } }, async (req) => {
    const caller = requireCaller(req.caller);
    const [schoolName, schoolBeginYear] = await Promise.all([
      params.get(caller.tenantId, 'alumni.schoolName').then((v) => v ?? ''),
      params.number(caller.tenantId, 'alumni.schoolBeginYear', 1952),
    ]);
    return ok({ schoolName, schoolBeginYear, currentYear: new Date().getFullYear() }, req.lang);
  });

  app.get(`${BASE}/department`, {
    schema: {
      tags, summary: 'Departments for the registration form, as the department picker answers them',
      querystring: { type: 'object', properties: { includeHistorical: { type: 'string', enum: ['0', '1'], description: 'default 1' } } },
    },
  }, async (req) => ok(await departmentChoices(ops, repository, requireCaller(req.caller), (req.query as Record<string, unknown>).includeHistorical !== '0'), req.lang));
}
