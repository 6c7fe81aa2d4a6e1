import {
  RETENTION_ACTION, RETENTION_LOG_MIN_DAYS, RETENTION_LOG_TARGETS, RETENTION_MAX_DAYS, RETENTION_MSG, RETENTION_TARGET,
  retentionPolicyEntity, type SubmitValues,
} from '@alumni/domain';
import { badRequest } from '../../core/errors.js';
import type { EntityHooks, WriteContext } from '../../engine/entity-hooks.js';
import type { JsonRecord } from '../../db/row-mapping.js';

/**
 * A policy's writes (decision 307): the target is one the engine knows, the action purge or anonymise,
 * the period a whole number of days, and a log's at least six months — a shorter one is refused with
 * 400 and nothing is saved. The engine's own columns (last run, rows affected) are never taken from a form.
 */
export function retentionHooks(): [string, EntityHooks][] {
  return [[retentionPolicyEntity.name, {
    async beforeSave(_ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null) {
      delete values.lastRunTime;
      delete values.lastAffected;
      const merged: Record<string, unknown> = { ...(existing ?? {}), ...values };
      const target = String(merged.target ?? '');
      if (!(Object.values(RETENTION_TARGET) as string[]).includes(target)) throw badRequest(RETENTION_MSG.badTarget);
      if (!(Object.values(RETENTION_ACTION) as string[]).includes(String(merged.action ?? ''))) throw badRequest(RETENTION_MSG.badAction);
      const days = Number(merged.periodDays);
      if (!Number.isInteger(days) || days < 1 || days > RETENTION_MAX_DAYS) throw badRequest(RETENTION_MSG.badPeriod);
      if (RETENTION_LOG_TARGETS.includes(target) && days < RETENTION_LOG_MIN_DAYS) {
        throw badRequest(RETENTION_MSG.logTooShort, { min: RETENTION_LOG_MIN_DAYS, days });
      }
    },
  }]];
}
