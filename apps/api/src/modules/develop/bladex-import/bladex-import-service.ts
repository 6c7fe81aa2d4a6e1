import { PLATFORM_TENANT, type ImportRunState, type ImportRunView } from '@alumni/domain';
import type { AccessService } from '../../../access/access-service.js';
import type { SessionGuard } from '../../../auth/session-guard.js';
import type { Caller } from '../../../core/caller.js';
import { AppError, badRequest, forbidden } from '../../../core/errors.js';
import { ids } from '../../../core/ids.js';
import { now, parseDateTime } from '../../../core/time.js';
import type { Db } from '../../../db/database.js';
import type { DictionaryLabels } from '../../../engine/dictionary-labels.js';
import type { EntityRepository } from '../../../engine/entity-repository.js';
import type { JobQueue, RunningJob } from '../../../jobs/job-queue.js';
import {
  SourceSettingsError, openSourceConnection, parseNetworkUrl, sourceDriver, sqliteFile, type SourceConnection, type SourceSettings,
} from '../source-connection.js';
import { applyPlan } from './apply-plan.js';
import { NotBladexError, readBladex, readBladexTenants } from './bladex-source.js';
import { planImport, tenantTargets } from './bladex-plan.js';
import { BLADEX_MSG } from './import-messages.js';
import type { ImportOptions, ImportReport } from './import-types.js';
import { RUN_TABLE } from './product-state.js';
import type { OutboundGuard } from '../../../security/outbound-address.js';

export const BLADEX_IMPORT_JOB = 'bladex-import';

export interface BladexImportDeps {
  db: Db;
  repository: EntityRepository;
  jobs: JobQueue;
  access: AccessService;
  labels: DictionaryLabels;
  /** Ends the sessions of users BladeX has deleted since an earlier run. */
  sessions: SessionGuard;
  /**
   * The connection settings of a data source of the developer tools (`datasource-settings.ts`), read
   * as the caller reads it, or by the job for the platform; a 404 when it does not exist.
   */
  datasourceSettings(who: Caller | { tenantId: string }, datasourceId: string): Promise<SourceSettings>;
  /** The check of the source database's address (`security/outbound-address.ts`). */
  outbound: OutboundGuard;
}

/** A run that has not moved for this long is taken as dead (its process stopped) and no longer blocks a new one. */
const STALE_MS = 30 * 60 * 1000;

/** The source database's name in the mapping table: driver, host, port and database (never a user or password). */
export function sourceKey(settings: SourceSettings): string {
  const driver = sourceDriver(settings);
  if (driver === 'sqlite') return `sqlite:${sqliteFile(settings.url)}`;
  const address = parseNetworkUrl(settings.url);
  const schema = address.params.get('currentSchema') ?? address.params.get('schema');
  const port = address.port ?? (driver === 'mysql' ? 3306 : 5432);
  return `${driver}://${address.host}:${port}/${address.database}${schema ? `?schema=${schema}` : ''}`.slice(0, 255);
}

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 200);

/**
 * Moving in from a BladeX installation: the dry run reads the source and answers what a run would
 * do; the real run is a job on the product's queue that writes the plan in short transactions and
 * keeps its progress and report on its run row. Only the platform's administrators import: the
 * import writes tenants, platform dictionaries and any tenant's users (decision 195).
 */
export class BladexImports {
  constructor(private readonly deps: BladexImportDeps) {}

  authorise(caller: Caller): void {
    if (caller.tenantId !== PLATFORM_TENANT) throw forbidden();
  }

  private async settingsOf(who: Caller | { tenantId: string }, datasourceId: string): Promise<SourceSettings> {
    try {
      return await this.deps.datasourceSettings(who, datasourceId);
    } catch (error) {
      if (error instanceof AppError && error.code === 404) throw badRequest(BLADEX_MSG.datasourceMissing);
      throw error;
    }
  }

  private async open(settings: SourceSettings): Promise<SourceConnection> {
    try {
      sourceKey(settings);
      return await openSourceConnection(settings, this.deps.outbound);
    } catch (error) {
      if (error instanceof SourceSettingsError) throw badRequest(BLADEX_MSG.badSettings, { reason: reasonOf(error) });
      throw badRequest(BLADEX_MSG.cannotConnect, { reason: reasonOf(error) });
    }
  }

  private async plan(settings: SourceSettings, options: ImportOptions) {
    const source = await this.open(settings);
    try {
      const snapshot = await readBladex(source).catch((error: unknown) => {
        if (error instanceof NotBladexError) throw badRequest(BLADEX_MSG.notBladex, { table: error.table });
        throw error;
      });
      return await planImport(this.deps.db, snapshot, options, { key: sourceKey(settings), driver: source.driver });
    } finally {
      await source.close().catch(() => undefined);
    }
  }

  /** What a run would do, read from the source and the product; nothing is written. */
  async dryRun(caller: Caller, datasourceId: string, options: ImportOptions): Promise<ImportReport> {
    this.authorise(caller);
    return (await this.plan(await this.settingsOf(caller, datasourceId), options)).plan.report;
  }

  /** Queues a real run; its progress and report are read with `last`. */
  async start(caller: Caller, datasourceId: string, options: ImportOptions): Promise<ImportRunView> {
    this.authorise(caller);
    const settings = await this.settingsOf(caller, datasourceId);
    if (await this.running()) throw badRequest(BLADEX_MSG.running);
    // The connection, the tables and the options are checked now, so a mistake is a 400 and not a failed job.
    const source = await this.open(settings);
    try {
      tenantTargets(await readBladexTenants(source).catch((error: unknown) => {
        if (error instanceof NotBladexError) throw badRequest(BLADEX_MSG.notBladex, { table: error.table });
        throw error;
      }), options);
    } finally {
      await source.close().catch(() => undefined);
    }
    const id = ids.next();
    const stamp = now();
    await this.deps.db.insertInto(RUN_TABLE).values({
      id, tenant_id: caller.tenantId, create_user: caller.userId, source: sourceKey(settings),
      datasource_id: datasourceId,
      options: JSON.stringify(options), state: 'queued', progress_done: 0, progress_total: 0, create_time: stamp, update_time: stamp,
    }).execute();
    const jobId = await this.deps.jobs.send(BLADEX_IMPORT_JOB, { data: { runId: id }, tenantId: caller.tenantId, createdBy: caller.userId }, {
      retryLimit: 0, expireInSeconds: 6 * 3600,
    });
    await this.deps.db.updateTable(RUN_TABLE).set({ job_id: jobId }).where('id', '=', id).execute();
    return (await this.view(id)) as ImportRunView;
  }

  private async running(): Promise<boolean> {
    const open = await this.deps.db.selectFrom(RUN_TABLE).select(['update_time']).where('state', 'in', ['queued', 'running']).execute();
    const staleBefore = Date.now() - STALE_MS;
    return open.some((row) => !(parseDateTime(String(row.update_time)).getTime() < staleBefore));
  }

  /** The newest real run, or null when there has been none. */
  async last(caller: Caller): Promise<ImportRunView | null> {
    this.authorise(caller);
    const row = await this.deps.db.selectFrom(RUN_TABLE).select('id').orderBy('id', 'desc').limit(1).executeTakeFirst();
    return row ? this.view(String(row.id)) : null;
  }

  private async view(id: string): Promise<ImportRunView | null> {
    const row = await this.deps.db.selectFrom(RUN_TABLE).selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    return {
      id: String(row.id),
      source: String(row.source),
      state: String(row.state) as ImportRunState,
      options: JSON.parse(String(row.options)) as ImportOptions,
      progressDone: Number(row.progress_done),
      progressTotal: Number(row.progress_total),
      message: row.message === null ? null : String(row.message),
      report: row.report === null ? null : (JSON.parse(String(row.report)) as ImportReport),
      error: row.error === null ? null : String(row.error),
      createTime: String(row.create_time),
      finishTime: row.finish_time === null ? null : String(row.finish_time),
    };
  }

  private async update(id: string, values: Record<string, unknown>): Promise<void> {
    await this.deps.db.updateTable(RUN_TABLE).set({ ...values, update_time: now() }).where('id', '=', id).execute();
  }

  /** The job: plans again against the product as it is now, writes the plan, keeps the report. */
  async runJob(job: RunningJob<{ runId: string }>): Promise<unknown> {
    const { runId } = job.data;
    const row = await this.deps.db.selectFrom(RUN_TABLE).selectAll().where('id', '=', runId).executeTakeFirst();
    if (!row) return { skipped: 'run removed' };
    await this.update(runId, { state: 'running', error: null });
    try {
      const settings = await this.settingsOf({ tenantId: PLATFORM_TENANT }, String(row.datasource_id));
      const options = JSON.parse(String(row.options)) as ImportOptions;
      const { plan, state } = await this.plan(settings, options);
      await applyPlan(plan, {
        db: this.deps.db, repository: this.deps.repository, state, source: String(row.source),
        userId: String(row.create_user), deptId: null, signal: job.signal,
        endSessions: (userIds, db) => this.deps.sessions.endSessions(userIds, db),
        progress: async (done, total, message) => {
          await this.update(runId, { progress_done: done, progress_total: total, message });
          await job.progress(done, total, message);
        },
      });
      this.deps.access.invalidate();
      this.deps.labels.invalidate();
      await this.update(runId, { state: 'completed', report: JSON.stringify(plan.report), finish_time: now() });
      return { runId, kinds: plan.report.kinds };
    } catch (error) {
      this.deps.access.invalidate();
      this.deps.labels.invalidate();
      const text = error instanceof AppError ? error.messageIn('zh') : reasonOf(error);
      await this.update(runId, { state: 'failed', error: text.slice(0, 2000), finish_time: now() });
      throw error;
    }
  }
}
