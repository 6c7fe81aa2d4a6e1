import { examineStates, type EntityDef, type R } from '@alumni/domain';
import { getData, http } from '../../api/http';

/** The answer of an examine call: each id applied on its own. */
export interface ExamineResult {
  succeeded: number;
  failed: { id: string; msg: string }[];
}

/** Approves or rejects rows with one opinion; the verdict travels under the entity's state field. */
export function examineRows(entity: EntityDef, ids: readonly string[], status: number, examineOpinion: string): Promise<ExamineResult> {
  if (!entity.examine) throw new Error(`${entity.name} is not examined`);
  const verdict = { ids: ids.join(','), [examineStates(entity.examine).field]: status, examineOpinion: examineOpinion || undefined };
  if (entity.examine.method === 'PUT') return http.put<R<ExamineResult>>(entity.examine.path, verdict).then((r) => r.data.data);
  return getData<ExamineResult>(entity.examine.path, verdict);
}
