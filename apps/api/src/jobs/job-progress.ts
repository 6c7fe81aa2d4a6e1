import type { Db } from '../db/database.js';

export interface Progress {
  done: number;
  total: number;
  message: string | null;
}

/** How far each job has come (`app_job_progress`), the same on either queue. */
export class JobProgress {
  constructor(private readonly db: Db) {}

  async record(jobId: string, done: number, total: number, message?: string): Promise<void> {
    const values = { done: Math.max(0, Math.floor(done)), total: Math.max(0, Math.floor(total)), message: message?.slice(0, 500) ?? null, update_time: Date.now() };
    await this.db.insertInto('app_job_progress').values({ job_id: jobId, ...values })
      .onConflict((oc) => oc.column('job_id').doUpdateSet(values)).execute();
  }

  async of(jobIds: readonly string[]): Promise<Map<string, Progress>> {
    if (jobIds.length === 0) return new Map();
    const rows = await this.db.selectFrom('app_job_progress').selectAll().where('job_id', 'in', [...jobIds]).execute();
    return new Map(rows.map((r) => [String(r.job_id), { done: Number(r.done), total: Number(r.total), message: r.message === null ? null : String(r.message) }]));
  }
}
