import type { Caller } from '../../core/caller.js';

/** A comma-separated list, trimmed, empty entries dropped. */
export const splitList = (text: string | null | undefined): string[] =>
  String(text ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/** Whether the caller may claim an unassigned task: a candidate user, or holding a candidate group (role alias). */
export function isCandidate(caller: Pick<Caller, 'userId' | 'roleAliases'>, task: { candidateUsers: string | null; candidateGroups: string | null }): boolean {
  if (splitList(task.candidateUsers).includes(caller.userId)) return true;
  const groups = splitList(task.candidateGroups);
  return caller.roleAliases.some((alias) => groups.includes(alias));
}
