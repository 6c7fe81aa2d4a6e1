import { ids } from '../../../core/ids.js';
import { now } from '../../../core/time.js';
import type { Db } from '../../../db/database.js';
import type { EntityRepository } from '../../../engine/entity-repository.js';
import type { ImportPlan, LinkWrite, RowWrite } from './import-types.js';
import { MAP_TABLE, type ProductState } from './product-state.js';

/** Rows written per transaction: short enough that SQLite's one writer is never held for long. */
export const CHUNK_SIZE = 200;

const ALL_TENANTS = { tenantId: null };

export interface ApplyContext {
  db: Db;
  repository: EntityRepository;
  state: ProductState;
  /** The source database's key in the mapping table. */
  source: string;
  userId: string;
  deptId: string | null;
  /** Ends every session of the users (`SessionGuard.endSessions`), inside the chunk's transaction. */
  endSessions(userIds: string[], db: Db): Promise<void>;
  /** Told after each committed chunk: rows and grants done, of all. */
  progress(done: number, total: number, message: string): Promise<void>;
  signal?: AbortSignal;
  /** Rows per transaction (`CHUNK_SIZE` unless given). */
  chunkSize?: number;
}

export class ImportCancelled extends Error {
  constructor() {
    super('the import was cancelled');
  }
}

async function writeRow(tx: Db, ctx: ApplyContext, write: RowWrite, stamp: string): Promise<void> {
  if (write.entity && write.action === 'create') {
    await ctx.repository.insert(write.entity, {
      status: 1, ...write.values,
      id: write.targetId, tenantId: write.tenantId, isDeleted: 0,
      createUser: ctx.userId, createDept: ctx.deptId, createTime: write.createTime ?? stamp, updateUser: ctx.userId, updateTime: stamp,
    }, tx);
  } else if (write.entity && write.action === 'update') {
    await ctx.repository.update(write.entity, ALL_TENANTS, write.targetId, { ...write.values, updateUser: ctx.userId, updateTime: stamp }, tx);
  } else if (write.entity && write.action === 'remove') {
    // As the product removes a user: disabled, then logically deleted; its tokens are refused from now on.
    await ctx.repository.update(write.entity, ALL_TENANTS, write.targetId, { ...write.values, updateUser: ctx.userId, updateTime: stamp }, tx);
    await ctx.repository.softDelete(write.entity, ALL_TENANTS, [write.targetId], { updateUser: ctx.userId, updateTime: stamp }, tx);
    if (write.kind === 'user') await ctx.endSessions([write.targetId], tx);
  }
  const created = write.action === 'match' ? 0 : 1;
  const known = ctx.state.mapped(write.kind, write.sourceId);
  if (known && known.targetId === write.targetId && Number(known.created) === created) return;
  const values = { target_id: write.targetId, created, update_time: stamp };
  await tx.insertInto(MAP_TABLE).values({ source: ctx.source, kind: write.kind, source_id: write.sourceId, ...values })
    .onConflict((oc) => oc.columns(['source', 'kind', 'source_id']).doUpdateSet(values)).execute();
}

async function writeLink(tx: Db, link: LinkWrite): Promise<void> {
  if (link.kind === 'roleMenu') {
    await tx.insertInto('blade_role_menu').values({ id: ids.next(), role_id: link.roleId, menu_id: link.targetId }).execute();
  } else {
    await tx.insertInto('blade_role_scope').values({ id: ids.next(), scope_category: link.scopeCategory, scope_id: link.targetId, role_id: link.roleId }).execute();
  }
}

/**
 * Writes a plan in transactions of `CHUNK_SIZE` rows, each with the mapping of its rows, in the
 * plan's order (a row only names rows of earlier chunks). A failure or a cancel leaves every chunk
 * before it written and mapped: the next run finds those rows unchanged and goes on from there.
 */
export async function applyPlan(plan: ImportPlan, ctx: ApplyContext): Promise<void> {
  type Step = { row: RowWrite } | { link: LinkWrite };
  // Rows that are already as planned and mapped need no write at all.
  const steps: Step[] = [
    ...plan.rows.filter((row) => {
      const known = ctx.state.mapped(row.kind, row.sourceId);
      return row.action === 'create' || row.action === 'update' || row.action === 'remove' || !known || known.targetId !== row.targetId || known.created !== (row.action !== 'match');
    }).map((row) => ({ row })),
    ...plan.links.map((link) => ({ link })),
  ];
  const total = steps.length;
  await ctx.progress(0, total, 'start');
  const size = ctx.chunkSize ?? CHUNK_SIZE;
  for (let start = 0; start < total; start += size) {
    if (ctx.signal?.aborted) throw new ImportCancelled();
    const chunk = steps.slice(start, start + size);
    const stamp = now();
    await ctx.db.transaction().execute(async (tx) => {
      for (const step of chunk) {
        if ('row' in step) await writeRow(tx, ctx, step.row, stamp);
        else await writeLink(tx, step.link);
      }
    });
    const last = chunk[chunk.length - 1] as Step;
    await ctx.progress(start + chunk.length, total, 'row' in last ? last.row.kind : last.link.kind);
  }
}
