import {
  EXAMINE_MSG, EXAMINE_STATUS, MIN_OPINION_LENGTH, MSG, examineStates,
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

const statusOf = (row: JsonRecord | null, field = 'examineStatus'): number | null =>
  row?.[field] === null || row?.[field] === undefined ? null : Number(row[field]);

/** The examination result fields a new (or newly handed-in) row starts with. */
const NO_RESULT = { examineUser: null, examineTime: null, examineOpinion: null };

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
    const own = rule.states ? this.draftHooks(rule) : this.resultHooks(rule, examiner);
    const final = rule.final;
    if (!final) return own;
    // A final result (an approved or merged registration) is neither edited nor removed, by anyone.
    const isFinal = (row: JsonRecord) => final.states.includes(statusOf(row, examineStates(rule).field) ?? Number.NaN);
    return {
      ...own,
      beforeSave: async (ctx, values, existing) => {
        if (existing && isFinal(existing)) throw badRequest(final.edit);
        await own.beforeSave?.(ctx, values, existing);
      },
      beforeRemove: async (ctx, rows) => {
        if (rows.some(isFinal)) throw badRequest(final.remove);
        await own.beforeRemove?.(ctx, rows);
      },
    };
  }

  private resultHooks(rule: ExamineRule, examiner: boolean): EntityHooks {
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

  /**
   * The rules of an entity kept as a draft until handed in (a visit record): a new row is a draft,
   * or pending when submit carries the hand-in flag; a draft or a rejected row may be edited and
   * handed in (log `submit` / `resubmit`); a pending or approved row is locked for everyone.
   */
  private draftHooks(rule: ExamineRule): EntityHooks {
    const states = rule.states!;
    const handedIn = (ctx: WriteContext) => String(ctx.body?.[states.handIn] ?? '') === '1';
    return {
      beforeSave: async (ctx, values, existing) => {
        if (!existing) {
          Object.assign(values, { [states.field]: handedIn(ctx) ? states.pending : states.draft, ...NO_RESULT });
          return;
        }
        const status = statusOf(existing, states.field);
        if (status !== states.draft && status !== states.rejected) throw badRequest(states.lockedMessage);
        if (handedIn(ctx)) values[states.field] = states.pending;
      },
      afterSave: async (ctx, record, existing) => {
        const to = statusOf(record, states.field);
        const from = statusOf(existing, states.field);
        if (to !== states.pending || from === states.pending) return;
        await this.log.append(ctx.db, {
          tenantId: String(record.tenantId), bizType: rule.bizType, bizId: String(record.id),
          action: from === states.rejected ? 'resubmit' : 'submit', fromStatus: from, toStatus: to, opinion: null,
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
  parseVerdict(rawStatus: unknown, rawOpinion: unknown, rule?: ExamineRule): { status: number; opinion: string | null } {
    const states = rule ? examineStates(rule) : { ...EXAMINE_STATUS };
    const status = Number(rawStatus);
    if (status !== states.approved && status !== states.rejected) throw badRequest(rule?.states?.badResult ?? EXAMINE_MSG.badResult);
    const opinion = typeof rawOpinion === 'string' && rawOpinion.trim() !== '' ? rawOpinion.trim() : null;
    if (status === states.rejected && (opinion === null || [...opinion].length < MIN_OPINION_LENGTH)) {
      throw badRequest(EXAMINE_MSG.opinionRequired);
    }
    if (opinion !== null && [...opinion].length > 500) throw badRequest(MSG.tooLong, { label: '审核意见', max: 500 });
    return { status, opinion };
  }

  /**
   * Applies a verdict to one pending row inside `db` (the id's own transaction): the current result
   * on the row and a log entry. Answers the values written to the row.
   */
  async apply(
    db: Db, entity: EntityDef, repository: EntityRepository, scope: RowScope, caller: Caller,
    row: JsonRecord, verdict: { status: number; opinion: string | null }, effect?: () => Promise<ExamineEffect>,
  ): Promise<Record<string, unknown>> {
    const rule = entity.examine as ExamineRule;
    const states = examineStates(rule);
    const from = statusOf(row, states.field);
    if (from !== states.pending) throw badRequest(rule.notPendingMessage ?? EXAMINE_MSG.notPending);
    const done = effect ? await effect() : {};
    const stamp = now();
    const written = {
      ...done.values,
      [states.field]: verdict.status, examineUser: caller.userId, examineTime: stamp, examineOpinion: verdict.opinion,
      updateUser: caller.userId, updateTime: stamp,
    };
    await repository.update(entity, scope, String(row.id), written, db);
    await this.log.append(db, {
      tenantId: String(row.tenantId), bizType: rule.bizType, bizId: String(row.id),
      action: done.action ?? (verdict.status === states.approved ? 'approve' : (rule.states?.rejectAction ?? 'reject')),
      fromStatus: from, toStatus: verdict.status, opinion: verdict.opinion,
      examineUser: caller.userId, examineUserName: caller.realName || caller.account, examineTime: stamp,
      ...(done.snapshot === undefined ? {} : { snapshot: done.snapshot }),
    });
    return written;
  }

  logsOf(db: Db, entity: EntityDef, record: JsonRecord) {
    return this.log.of(db, String(record.tenantId), (entity.examine as ExamineRule).bizType, String(record.id));
  }
}

/** The message a failed id carries in an examine answer. */
export const failureMessage = (error: unknown, lang: Lang): string =>
  error instanceof AppError ? error.messageIn(lang) : MSG.failure[lang];
