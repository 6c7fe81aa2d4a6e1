import { EXAMINE_STATUS, formDefaults, parseSubmit, studentStatusEntity, type SubmitValues } from '@alumni/domain';
import { now } from '../../core/time.js';
import { invalidFields } from '../../core/errors.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { WriteContext } from '../../engine/entity-hooks.js';
import { ExamineLog } from '../../engine/examination/examine-log.js';

const log = new ExamineLog();

/**
 * Adds a study record inside another write (an alumnus made from the roster or by staff): through
 * the record's own rules, examined at once when `approvedWith` gives the opinion (logged as
 * `approve`), else waiting for examination (logged as `submit`).
 */
export async function addStudyRecord(ctx: WriteContext, body: Record<string, unknown>, extra: SubmitValues, approvedWith: string | null): Promise<JsonRecord> {
  const ops = ctx.operations;
  if (!ops) throw new Error('a study record is added inside an entity write');
  const parsed = parseSubmit(studentStatusEntity, { ...formDefaults(studentStatusEntity), ...body }, ctx.lang);
  if (!parsed.ok) throw invalidFields(parsed.errors);
  const stamp = now();
  const approved = approvedWith !== null;
  const values: SubmitValues = {
    ...parsed.values, ...extra,
    examineStatus: approved ? EXAMINE_STATUS.approved : EXAMINE_STATUS.pending,
    examineUser: approved ? ctx.caller.userId : null, examineTime: approved ? stamp : null, examineOpinion: approvedWith,
  };
  const plan = ops.systemPlan(studentStatusEntity, ctx);
  const record = await ops.writeRow(plan, ctx.db, { id: null, values }, body);
  await log.append(ctx.db, {
    tenantId: ctx.caller.tenantId, bizType: 'studentstatus', bizId: String(record.id), action: approved ? 'approve' : 'submit',
    fromStatus: null, toStatus: Number(values.examineStatus), opinion: approvedWith,
    examineUser: ctx.caller.userId, examineUserName: ctx.caller.realName || ctx.caller.account, examineTime: stamp,
  });
  return record;
}
