import {
  ENGAGEMENT_FACTS, ENGAGEMENT_MODE_LABELS, ENGAGEMENT_MODES, type EngagementExplanation, type Lang,
} from '@alumni/domain';
import type { Db } from '../../db/database.js';
import { ENGAGEMENT_TABLE, countColumn } from './engagement-sql.js';
import { tenantWeights } from './engagement-weights.js';

/**
 * How an alumnus's score was reached: each fact counted, its weight and points, each mode's points
 * and the total as stored, and when they were computed. An alumnus with nothing counted yet has
 * every count 0.
 */
export async function explainScore(db: Db, tenantId: string, alumniId: string, lang: Lang): Promise<EngagementExplanation> {
  const [row, weights] = await Promise.all([
    db.selectFrom(ENGAGEMENT_TABLE).selectAll().where('tenant_id', '=', tenantId).where('alumni_id', '=', alumniId).executeTakeFirst() as Promise<Record<string, unknown> | undefined>,
    tenantWeights(db, tenantId),
  ]);
  const lines = ENGAGEMENT_FACTS.map((f) => {
    const count = Number(row?.[countColumn(f.key)] ?? 0);
    return { key: f.key, mode: f.mode, label: f.label[lang], rule: f.rule[lang], count, weight: weights[f.key], points: count * weights[f.key] };
  });
  return {
    alumniId,
    total: Number(row?.total ?? 0),
    modes: ENGAGEMENT_MODES.map((mode) => ({ mode, label: ENGAGEMENT_MODE_LABELS[mode][lang], points: Number(row?.[mode] ?? 0) })),
    lines,
    computeTime: row?.compute_time === null || row?.compute_time === undefined ? null : String(row.compute_time),
  };
}
