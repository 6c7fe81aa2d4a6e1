import {
  EXAMINE_MSG, EXAMINE_STATUS, MIN_OPINION_LENGTH, MSG,
  type EntityDef, type ExamineAction, type ExamineRule, type Lang, type SubmitValues,
} from '@alumni/domain';
import type { AccessService } from '../../access/access-service.js';
import type { Caller } from '../../core/caller.js';
import { AppError, badRequest } from '../../core/errors.js';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { EntityHooks, WriteContext } from '../entity-hooks.js';
import type { EntityRepository, RowScope } from '../entity-repository.js';
import type { ExamineLog } from './examine-log.js';

/** What an entity's own verdict did before the shared result is written: more values, its log action and snapshot. */
export interface ExamineEffect {
  values?: SubmitValues;
  action?: ExamineAction;
  snapshot?: unknown;
}

/** The answer of an examine call: each id is applied on its own. */
export interface ExamineResult {
  succeeded: number;
  failed: { id: string; msg: string }[];
}

export const examineCode = (rule: ExamineRule) => `${rule.menu}_examine`;

const statusOf = (row: JsonRecord | null): number | null =>
  row?.examineStatus === null || row?.examineStatus === undefined ? null : Number(row.examineStatus);

const same = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');

/**
 * The shared examination model (DOMAIN 1.5): the current result on the row, an append-only log,
 * multi-id examine calls, opinion rules, the "being examined" edit refusal and creation already
 * approved for examiners. Entities opt in with `examine` in their definition.
 */
export class Examination {
  constructor(private readonly access: AccessService, private readonly log: ExamineLog) {}

  canExamine(caller: Caller, rule: ExamineRule): Promise<boolean> {
    return this.access.can(caller, examineCode(rule));
  }

  /**
   * The write rules of an examined entity, run before the entity's own hooks. Whether the caller
   * examines is read before the write's transaction opens (SQLite has one connection).
   */
  hooks(rule: ExamineRule, examiner: boolean): EntityHooks {
    return {
      beforeSave: async (ctx, values, existing) => this.beforeSave(ctx, rule, examiner, values, existing),
      afterSave: async (ctx, record, existing) => {
        const action = this.submitAction(existing, record);
        if (!action) return;
        await this.log.append(ctx.db, {
          tenantId: String(record.tenantId), bizType: rule.bizType, bizId: String(record.id), action,
          fromStatus: statusOf(existing), toStatus: statusOf(record),
          opinion: action === 'approve' ? String(record.examineOpinion ?? '') : null,
          examineUser: ctx.caller.userId, examineUserName: ctx.caller.realName || ctx.caller.account, examineTime: String(record.updateTime),
        });
      },
    };
  }

  private beforeSave(ctx: WriteContext, rule: ExamineRule, examiner: boolean, values: SubmitValues, existing: JsonRecord | null): void {
    if (!existing) {
      if (examiner && rule.approveOnCreate) {
        Object.assign(values, {
          examineStatus: EXAMINE_STATUS.approved, examineUser: ctx.caller.userId, examineTime: now(),
          examineOpinion: EXAMINE_MSG.approvedOnCreate.zh,
        });
      } else {
        Object.assign(values, { examineStatus: EXAMINE_STATUS.pending, examineUser: null, examineTime: null, examineOpinion: null });
      }
      return;
    }
    const status = statusOf(existing);
    if (status === EXAMINE_STATUS.rejected) {
      // Editing a rejected record submits it again.
      Object.assign(values, { examineStatus: EXAMINE_STATUS.pending, examineUser: null, examineTime: null, examineOpinion: null });
      return;
    }
    if (examiner) return;
    if (status === EXAMINE_STATUS.pending && existing.createUser !== ctx.caller.userId) throw badRequest(EXAMINE_MSG.beingExamined);
    if (status === EXAMINE_STATUS.approved && rule.approvedEditable) {
      const allowed = new Set(rule.approvedEditable.fields);
      const changed = Object.keys(values).filter((name) => !allowed.has(name) && !same(values[name], existing[name]));
      if (changed.length > 0) throw badRequest(rule.approvedEditable.message);
    }
  }

  private submitAction(existing: JsonRecord | null, record: JsonRecord): ExamineAction | null {
    if (!existing) return statusOf(record) === EXAMINE_STATUS.approved ? 'approve' : 'submit';
    if (statusOf(existing) === EXAMINE_STATUS.rejected && statusOf(record) === EXAMINE_STATUS.pending) return 'resubmit';
    return null;
  }

  /** Checks an examine call's result and opinion once, before any id is applied. */
  parseVerdict(rawStatus: unknown, rawOpinion: unknown): { status: 1 | 2; opinion: string | null } {
    const status = Number(rawStatus);
    if (status !== EXAMINE_STATUS.approved && status !== EXAMINE_STATUS.rejected) throw badRequest(EXAMINE_MSG.badResult);
    const opinion = typeof rawOpinion === 'string' && rawOpinion.trim() !== '' ? rawOpinion.trim() : null;
    if (status === EXAMINE_STATUS.rejected && (opinion === null || [...opinion].length < MIN_OPINION_LENGTH)) {
      throw badRequest(EXAMINE_MSG.opinionRequired);
    }
    if (opinion !== null && [...opinion].length > 500) throw badRequest(MSG.tooLong, { label: '审核意见', max: 500 });
    return { status, opinion };
  }

  /**
   * Applies a verdict to one pending row inside `db` (the id's own transaction): the current result
   * on the row and a log entry. Answers the row as written.
   */
  async apply(
    db: Db, entity: EntityDef, repository: EntityRepository, scope: RowScope, caller: Caller,
    row: JsonRecord, verdict: { status: number; opinion: string | null }, effect?: () => Promise<ExamineEffect>,
  ): Promise<void> {
    const rule = entity.examine as ExamineRule;
    const from = statusOf(row);
    if (from !== EXAMINE_STATUS.pending) throw badRequest(rule.notPendingMessage ?? EXAMINE_MSG.notPending);
    const done = effect ? await effect() : {};
    const stamp = now();
    await repository.update(entity, scope, String(row.id), {
      ...done.values,
      examineStatus: verdict.status, examineUser: caller.userId, examineTime: stamp, examineOpinion: verdict.opinion,
      updateUser: caller.userId, updateTime: stamp,
    }, db);
    await this.log.append(db, {
      tenantId: String(row.tenantId), bizType: rule.bizType, bizId: String(row.id),
      action: done.action ?? (verdict.status === EXAMINE_STATUS.approved ? 'approve' : 'reject'),
      fromStatus: from, toStatus: verdict.status, opinion: verdict.opinion,
      examineUser: caller.userId, examineUserName: caller.realName || caller.account, examineTime: stamp,
      ...(done.snapshot === undefined ? {} : { snapshot: done.snapshot }),
    });
  }

  logsOf(db: Db, entity: EntityDef, record: JsonRecord) {
    return this.log.of(db, String(record.tenantId), (entity.examine as ExamineRule).bizType, String(record.id));
  }
}

/** The message a failed id carries in an examine answer. */
export const failureMessage = (error: unknown, lang: Lang): string =>
  error instanceof AppError ? error.messageIn(lang) : MSG.failure[lang];
