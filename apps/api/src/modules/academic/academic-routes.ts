import { EXAMINE_STATUS, MSG, departmentEntity, isId, specialityEntity, type Condition } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { requireCaller, type Caller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest } from '../../core/errors.js';
import type { EntityOperations } from '../../engine/entity-operations.js';
import type { EntityRepository } from '../../engine/entity-repository.js';

const ENABLED = 1;
/** Approved and enabled: the only units other modules' pickers offer. */
const selectable: Condition[] = [
  { field: 'examineStatus', op: 'equal', value: EXAMINE_STATUS.approved },
  { field: 'status', op: 'equal', value: ENABLED },
];
/** Current units first, then by order. */
const pickerOrder = [{ field: 'isHistorical', desc: false }, { field: 'sort', desc: false }, { field: 'createTime', desc: false }];

/** The pickers of departments and specialities: any signed-in caller, within tenant and data scope. */
/** Approved, enabled departments within the caller's reach, for pickers: current first, then by order. */
export async function departmentChoices(operations: EntityOperations, repository: EntityRepository, caller: Caller, includeHistorical: boolean) {
  const scope = await operations.rowScope(departmentEntity, caller, undefined, 'read');
  const conditions: Condition[] = [...selectable, ...(includeHistorical ? [] : [{ field: 'isHistorical', op: 'equal' as const, value: 0 }])];
  const rows = await repository.all(departmentEntity, scope, conditions, pickerOrder);
  return rows.map((r) => ({
    id: r.id, departmentName: r.departmentName, shortName: r.shortName, formerNames: r.formerNames, isHistorical: r.isHistorical,
  }));
}

export function registerAcademicRoutes(app: FastifyInstance): void {
  const { operations, repository } = app.services;

  app.get('/blade-department/department/select', {
    schema: {
      tags: [`${departmentEntity.label.en} (${departmentEntity.label.zh})`],
      summary: 'Approved, enabled departments for pickers: current first, then by order',
      querystring: { type: 'object', properties: { includeHistorical: { type: 'string', enum: ['0', '1'], description: 'default 1' } } },
    },
  }, async (req) => ok(await departmentChoices(operations, repository, requireCaller(req.caller), (req.query as Record<string, unknown>).includeHistorical !== '0'), req.lang));

  app.get('/blade-speciality/speciality/select/special', {
    schema: {
      tags: [`${specialityEntity.label.en} (${specialityEntity.label.zh})`],
      summary: 'Approved, enabled specialities of a department for pickers: current first, then by order',
      querystring: {
        type: 'object',
        properties: { departmentId: { type: 'string' }, educationLevel: { type: 'string', description: 'dictionary education_level' } },
      },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    const query = req.query as Record<string, unknown>;
    const conditions: Condition[] = [...selectable];
    if (query.departmentId !== undefined && query.departmentId !== '') {
      if (typeof query.departmentId !== 'string' || !isId(query.departmentId)) throw badRequest(MSG.badFilterValue, { name: 'departmentId' });
      conditions.push({ field: 'departmentId', op: 'equal', value: query.departmentId });
    }
    if (typeof query.educationLevel === 'string' && query.educationLevel !== '') {
      conditions.push({ field: 'educationLevel', op: 'equal', value: query.educationLevel });
    }
    const scope = await operations.rowScope(specialityEntity, caller, undefined, 'read');
    const rows = await repository.all(specialityEntity, scope, conditions, pickerOrder);
    return ok(rows.map((r) => ({
      id: r.id, specialityName: r.specialityName, specialityCode: r.specialityCode, educationLevel: r.educationLevel, isHistorical: r.isHistorical,
    })), req.lang);
  });
}
