import { messageEntity, noticeEntity, REPLY_STATUS } from '@alumni/domain';
import { sql } from 'kysely';
import type { AccessService } from '../../access/access-service.js';
import type { Caller } from '../../core/caller.js';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import type { EntityOperations } from '../../engine/entity-operations.js';
import { workList } from '../workflow/work-lists.js';

/** How many entries of each kind the bell lists (the counts are of all). */
export const BELL_SIZE = 5;

/** The read marks of desk notices (migration 044). */
export const NOTICE_READ_TABLE = 'blade_notice_read';

export interface BellPart<T> {
  total: number;
  records: T[];
}

/**
 * What the top bar's bell shows the signed-in user (decision 232): the desk notices released and
 * not yet read by them, the messages waiting for an answer, and the workflow tasks assigned to
 * them. A part the user holds no menu for is null (the bell leaves its tab out); the messages
 * honour the user's data scope as their list does.
 */
export interface Bell {
  total: number;
  notices: BellPart<{ id: string; title: string; category: string; releaseTime: string }> | null;
  messages: BellPart<{ id: string; title: string; name: string; createTime: string }> | null;
  todos: BellPart<{
    taskId: string; taskName: string | null; processInstanceId: string; processDefinitionKey: string | null;
    processDefinitionName: string | null; businessId: string | null; createTime: string | null;
  }> | null;
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** Marks a notice read by a user; reading it again keeps the first time. */
export async function markNoticeRead(db: Db, caller: Caller, noticeId: string): Promise<void> {
  await db.insertInto(NOTICE_READ_TABLE)
    .values({ notice_id: noticeId, user_id: caller.userId, tenant_id: caller.tenantId, read_time: now() })
    .onConflict((oc) => oc.columns(['notice_id', 'user_id']).doNothing())
    .execute();
}

async function unreadNotices(db: Db, caller: Caller): Promise<NonNullable<Bell['notices']>> {
  const base = db.selectFrom(`${noticeEntity.table} as n`)
    .where('n.tenant_id', '=', caller.tenantId)
    .where('n.is_deleted', '=', 0)
    .where('n.release_time', '<=', sql<string>`${now()}`)
    .where((eb) => eb.not(eb.exists(eb.selectFrom(`${NOTICE_READ_TABLE} as r`).select(sql`1`.as('one'))
      .whereRef('r.notice_id', '=', 'n.id').where('r.user_id', '=', caller.userId))));
  const count = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const rows = await base.select(['n.id', 'n.title', 'n.category', 'n.release_time'])
    .orderBy('n.release_time', 'desc').orderBy('n.id', 'desc').limit(BELL_SIZE).execute();
  return {
    total: Number(count?.n ?? 0),
    records: rows.map((r) => ({ id: text(r.id), title: text(r.title), category: text(r.category), releaseTime: text(r.release_time) })),
  };
}

async function waitingMessages(operations: EntityOperations, caller: Caller): Promise<NonNullable<Bell['messages']>> {
  const page = await operations.listFromQuery(messageEntity, caller, {
    current: 1, size: BELL_SIZE, replyStatus_equal: REPLY_STATUS.waiting, descs: 'createTime',
  });
  return {
    total: page.total,
    records: page.records.map((r) => ({ id: text(r.id), title: text(r.title), name: text(r.name), createTime: text(r.createTime) })),
  };
}

async function todoTasks(db: Db, caller: Caller): Promise<NonNullable<Bell['todos']>> {
  const page = await workList(db, caller, 'todo', { current: 1, size: BELL_SIZE });
  return {
    total: page.total,
    records: page.records.filter((r) => 'taskId' in r).map((r) => ({
      taskId: r.taskId, taskName: r.taskName, processInstanceId: r.processInstanceId, processDefinitionKey: r.processDefinitionKey,
      processDefinitionName: r.processDefinitionName, businessId: r.businessId, createTime: r.createTime,
    })),
  };
}

export async function bellOf(deps: { db: Db; access: AccessService; operations: EntityOperations }, caller: Caller): Promise<Bell> {
  const { db, access, operations } = deps;
  const notices = (await access.can(caller, 'notice')) ? await unreadNotices(db, caller) : null;
  const messages = (await access.can(caller, 'message')) ? await waitingMessages(operations, caller) : null;
  const todos = (await access.can(caller, 'work_todo')) ? await todoTasks(db, caller) : null;
  return { total: (notices?.total ?? 0) + (messages?.total ?? 0) + (todos?.total ?? 0), notices, messages, todos };
}
