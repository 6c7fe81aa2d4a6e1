import type { Lang } from '@alumni/domain';
import type { AccessService } from '../../access/access-service.js';
import type { Caller } from '../../core/caller.js';
import { parseDateTime } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import { FLOW_ACTIVITY_TABLE } from '../../db/migrations/027-workflow.js';
import type { InstanceRow } from './process-instances.js';
import { isCandidate } from './task-access.js';

/** How long a step took, as people read it: 2天3小时 / 2d 3h; under a minute in seconds. */
export function durationText(from: string | null, to: string | null, lang: Lang): string | null {
  if (!from || !to) return null;
  let seconds = Math.max(0, Math.round((parseDateTime(to).getTime() - parseDateTime(from).getTime()) / 1000));
  const parts: [number, string, string][] = [];
  for (const [unit, zh, en] of [[86400, '天', 'd'], [3600, '小时', 'h'], [60, '分', 'm'], [1, '秒', 's']] as const) {
    const n = Math.floor(seconds / unit);
    seconds -= n * unit;
    if (n > 0) parts.push([n, zh, en]);
  }
  if (parts.length === 0) return lang === 'zh' ? '0秒' : '0s';
  return parts.slice(0, 2).map(([n, zh, en]) => (lang === 'zh' ? `${n}${zh}` : `${n}${en}`)).join(lang === 'zh' ? '' : ' ');
}

/** Every step of an instance in order: start, each task (with its handler and comment), end. */
export async function historyFlowList(db: Db, instance: InstanceRow, lang: Lang) {
  const rows = await db.selectFrom(`${FLOW_ACTIVITY_TABLE} as a`).leftJoin('blade_user as u', 'u.id', 'a.assignee')
    .select(['a.id', 'a.activity_id', 'a.activity_name', 'a.activity_type', 'a.status', 'a.assignee', 'a.candidate_groups', 'a.outcome',
      'a.comment', 'a.create_time', 'a.claim_time', 'a.end_time', 'u.real_name'])
    .where('a.instance_id', '=', instance.id).where('a.tenant_id', '=', instance.tenantId).orderBy('a.seq').orderBy('a.id').execute();
  return rows.map((r) => ({
    historyActivityId: String(r.activity_id), historyActivityName: String(r.activity_name ?? r.activity_id),
    historyActivityType: String(r.activity_type), status: String(r.status),
    taskId: r.activity_type === 'bpmn:UserTask' ? String(r.id) : null,
    assignee: r.assignee === null ? null : String(r.assignee), assigneeName: r.real_name === null ? null : String(r.real_name),
    candidateGroups: r.candidate_groups === null ? null : String(r.candidate_groups),
    flag: r.outcome === null ? null : String(r.outcome), comment: r.comment === null ? null : String(r.comment),
    createTime: String(r.create_time), claimTime: r.claim_time === null ? null : String(r.claim_time),
    endTime: r.end_time === null ? null : String(r.end_time),
    historyActivityDurationTime: durationText(String(r.create_time), r.end_time === null ? null : String(r.end_time), lang),
  }));
}

/**
 * Who may read an instance (its detail, history and diagram): its starter, anyone who handled or
 * may handle one of its tasks, and holders of 流程跟踪.
 */
export async function canSeeInstance(db: Db, access: AccessService, caller: Caller, instance: InstanceRow): Promise<boolean> {
  if (instance.startUser === caller.userId) return true;
  const tasks = await db.selectFrom(FLOW_ACTIVITY_TABLE).select(['assignee', 'candidate_users', 'candidate_groups', 'status'])
    .where('instance_id', '=', instance.id).where('activity_type', '=', 'bpmn:UserTask').execute();
  for (const task of tasks) {
    if (task.assignee !== null && String(task.assignee) === caller.userId) return true;
    if (task.status === 'open' && isCandidate(caller, {
      candidateUsers: task.candidate_users === null ? null : String(task.candidate_users),
      candidateGroups: task.candidate_groups === null ? null : String(task.candidate_groups),
    })) return true;
  }
  return access.can(caller, 'flow_follow');
}
