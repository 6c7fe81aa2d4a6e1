import { basicInfoEntity, studentStatusEntity, t } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest, forbidden } from '../../core/errors.js';
import { registerRegistRoutes } from '../identity/regist-routes.js';
import { alumniChoices } from './alumni-picker.js';
import { registerAlumniTagRoutes } from './alumni-tags.js';
import { countStudent, type CountStudentQuery } from './count-student.js';

const PICKER_SIZE = t('size 应为 1 到 50 之间的整数', 'size must be a whole number from 1 to 50');

/** Calls of the people modules beyond the entity engine's. */
export function registerPeopleRoutes(app: FastifyInstance): void {
  const { operations, repository, labels, access, database } = app.services;
  registerRegistRoutes(app);
  registerAlumniTagRoutes(app);
  const tags = [`${studentStatusEntity.label.en} (${studentStatusEntity.label.zh})`];

  app.post('/blade-studentStatus/studentStatus/countStudent', {
    schema: {
      tags,
      summary: 'Statistics of approved study records (DOMAIN 11.2), within the caller\'s data scope',
      querystring: {
        type: 'object',
        properties: {
          departmentId: { type: 'string' }, educationLevel: { type: 'string' },
          enrollmentYear_ge: { type: 'string' }, enrollmentYear_le: { type: 'string' },
        },
      },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    if (!(await access.can(caller, 'studentstatus')) && !(await access.can(caller, 'basicinfo'))) throw forbidden();
    return ok(await countStudent(operations, repository, database.db, labels, caller, req.query as CountStudentQuery), req.lang);
  });

  app.get('/blade-basicInfo/basicInfo/select', {
    schema: {
      tags: [`${basicInfoEntity.label.en} (${basicInfoEntity.label.zh})`],
      summary: 'Alumni for pickers: keyword in the name or former name, or an alumni-code prefix (never a phone or ID number); within the caller\'s data scope; needs a menu whose form picks alumni',
      querystring: { type: 'object', properties: { keyword: { type: 'string' }, size: { type: 'string', description: '1 to 50, default 20' } } },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    const { keyword, size } = req.query as { keyword?: unknown; size?: unknown };
    const count = size === undefined || size === '' ? 20 : Number(size);
    if (!Number.isInteger(count) || count < 1 || count > 50) throw badRequest(PICKER_SIZE);
    return ok(await alumniChoices(operations, repository, database.db, caller, typeof keyword === 'string' ? keyword : '', count), req.lang);
  });
}
