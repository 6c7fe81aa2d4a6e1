import { departmentEntity, specialityEntity } from '@alumni/domain';
import type { Params } from '../../access/params.js';
import type { Db } from '../../db/database.js';
import type { EntityHooks } from '../../engine/entity-hooks.js';
import { departmentHooks } from './department-hooks.js';
import { specialityHooks } from './speciality-hooks.js';

export { registerAcademicRoutes } from './academic-routes.js';

/** The hooks of the academic units, by entity name. */
export const academicHooks = (db: Db, params: Params): [string, EntityHooks][] => [
  [departmentEntity.name, departmentHooks(db, params)],
  [specialityEntity.name, specialityHooks(params)],
];
