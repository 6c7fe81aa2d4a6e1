import type { EntityDef, R } from '@alumni/domain';
import { getData, http } from '../../api/http';

/** The answer of an examine call: each id applied on its own. */
export interface ExamineResult {
  succeeded: number;
  failed: { id: string; msg: string }[];
}

/** Approves (1) or rejects (2) rows with one opinion. */
export function examineRows(entity: EntityDef, ids: readonly string[], examineStatus: 1 | 2, examineOpinion: string): Promise<ExamineResult> {
  if (!entity.examine) throw new Error(`${entity.name} is not examined`);
  const verdict = { ids: ids.join(','), examineStatus, examineOpinion: examineOpinion || undefined };
  if (entity.examine.method === 'PUT') return http.put<R<ExamineResult>>(entity.examine.path, verdict).then((r) => r.data.data);
  return getData<ExamineResult>(entity.examine.path, verdict);
}
