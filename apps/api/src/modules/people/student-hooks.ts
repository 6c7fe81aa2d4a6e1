import { STUDENT_MSG, hasChinese } from '@alumni/domain';
import type { EntityHooks } from '../../engine/entity-hooks.js';
import type { Graduation } from './graduation.js';
import { checkIdentity, checkUnits, checkYears, refuse } from './study-rules.js';

/** The rules of the roster (DOMAIN 4.1) beyond its fields; a student who leaves becomes an alumnus. */
export function studentHooks(graduation: Graduation): EntityHooks {
  return {
    async beforeSave(ctx, values, existing) {
      const studentNo = values.studentNo;
      if (typeof studentNo === 'string' && hasChinese(studentNo)) throw refuse(ctx, 'studentNo', STUDENT_MSG.studentNoFormat);
      checkIdentity(ctx, values, existing);
      checkYears(ctx, values, existing);
      await checkUnits(ctx, values, existing);
    },
    async afterSave(ctx, record) {
      await graduation.onSaved(ctx, record);
    },
  };
}
