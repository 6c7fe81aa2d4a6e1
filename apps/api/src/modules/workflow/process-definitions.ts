import { t } from '@alumni/domain';
import { sql } from 'kysely';
import { badRequest } from '../../core/errors.js';
import { ids } from '../../core/ids.js';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import { FLOW_DEFINITION_TABLE, FLOW_INSTANCE_TABLE } from '../../db/migrations/027-workflow.js';
import { readProcessModel, type ProcessModel } from './process-model.js';

/** A deployed version of a process. */
export interface ProcessDefinition {
  id: string;
  tenantId: string;
  key: string;
  name: string;
  version: number;
  category: string | null;
  resourceName: string;
  xml: string;
  suspended: boolean;
  deployTime: string;
}

const NO_DEFINITION = t('流程定义不存在', 'No such process definition');
const HAS_RUNNING = t('该流程定义还有运行中的流程实例，不能删除', 'The process definition still has running instances and cannot be removed');
const TOO_LARGE = t('流程文件不能超过 1 MB', 'A process file may not exceed 1 MB');

const MAX_XML = 1024 * 1024;

function toDefinition(row: Record<string, unknown>): ProcessDefinition {
  return {
    id: String(row.id), tenantId: String(row.tenant_id), key: String(row.process_key), name: String(row.name),
    version: Number(row.version), category: row.category === null ? null : String(row.category),
    resourceName: String(row.resource_name), xml: String(row.xml), suspended: Number(row.suspended) === 1,
    deployTime: String(row.deploy_time),
  };
}

/** Process definitions: deployed from BPMN files, one version more per deployment of a key. */
export class ProcessDefinitions {
  private readonly models = new Map<string, Promise<ProcessModel>>();

  constructor(private readonly db: Db) {}

  /**
   * Deploys a BPMN file as the next version of its process key in the caller's tenant (or the
   * tenant named, for the seed). The file is checked before anything is written.
   */
  async deploy(tenantId: string, userId: string | null, xml: string, resourceName: string, category: string | null): Promise<ProcessDefinition> {
    if (Buffer.byteLength(xml, 'utf8') > MAX_XML) throw badRequest(TOO_LARGE);
    const model = await readProcessModel(xml);
    const write = async (trx: Db) => {
      const last = await trx.selectFrom(FLOW_DEFINITION_TABLE).select((eb) => eb.fn.max('version').as('version'))
        .where('tenant_id', '=', tenantId).where('process_key', '=', model.key).executeTakeFirst();
      const row = {
        id: ids.next(), tenant_id: tenantId, process_key: model.key, name: model.name, version: Number(last?.version ?? 0) + 1,
        category, resource_name: resourceName.slice(0, 255), xml, suspended: 0, deploy_user: userId, deploy_time: now(), is_deleted: 0,
      };
      await trx.insertInto(FLOW_DEFINITION_TABLE).values(row).execute();
      return toDefinition(row);
    };
    return this.db.isTransaction ? write(this.db) : this.db.transaction().execute(write);
  }

  /** A definition by id; `db` is the transaction a step runs in, when it runs in one. */
  async byId(tenantId: string, id: string, db: Db = this.db): Promise<ProcessDefinition | null> {
    if (!/^\d{1,19}$/.test(id)) return null;
    const row = await db.selectFrom(FLOW_DEFINITION_TABLE).selectAll()
      .where('id', '=', id).where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).executeTakeFirst();
    return row ? toDefinition(row) : null;
  }

  async require(tenantId: string, id: string, db: Db = this.db): Promise<ProcessDefinition> {
    const found = await this.byId(tenantId, id, db);
    if (!found) throw badRequest(NO_DEFINITION);
    return found;
  }

  /** The newest version of a key in a tenant. */
  async latest(tenantId: string, key: string): Promise<ProcessDefinition | null> {
    const row = await this.db.selectFrom(FLOW_DEFINITION_TABLE).selectAll()
      .where('tenant_id', '=', tenantId).where('process_key', '=', key).where('is_deleted', '=', 0)
      .orderBy('version', 'desc').limit(1).executeTakeFirst();
    return row ? toDefinition(row) : null;
  }

  /** The parsed model of a definition (assignees, names), read once per process. */
  model(definition: Pick<ProcessDefinition, 'id' | 'xml'>): Promise<ProcessModel> {
    let model = this.models.get(definition.id);
    if (!model) {
      model = readProcessModel(definition.xml);
      this.models.set(definition.id, model);
    }
    return model;
  }

  async setSuspended(tenantId: string, id: string, suspended: boolean): Promise<void> {
    await this.require(tenantId, id);
    await this.db.updateTable(FLOW_DEFINITION_TABLE).set({ suspended: suspended ? 1 : 0 }).where('id', '=', id).execute();
  }

  /** Removes definitions that no running instance uses. */
  async remove(tenantId: string, idList: string[]): Promise<void> {
    for (const id of idList) await this.require(tenantId, id);
    const running = await this.db.selectFrom(FLOW_INSTANCE_TABLE).select((eb) => eb.fn.countAll().as('n'))
      .where('tenant_id', '=', tenantId).where('definition_id', 'in', idList).where('status', '=', 'running').executeTakeFirst();
    if (Number(running?.n ?? 0) > 0) throw badRequest(HAS_RUNNING);
    await this.db.updateTable(FLOW_DEFINITION_TABLE).set({ is_deleted: 1 }).where('tenant_id', '=', tenantId).where('id', 'in', idList).execute();
  }

  /**
   * A page of definitions: every version (`latestOnly` false) or the newest active version of
   * each key (the start list). `name` searches name and key.
   */
  /**
   * A page of definitions. `latestOnly`: the newest version of each key, active ones only unless
   * `withSuspended`; `key`: one process key exactly.
   */
  async page(tenantId: string, options: { current: number; size: number; name?: string; key?: string; category?: string; latestOnly: boolean; withSuspended?: boolean }) {
    let query = this.db.selectFrom(`${FLOW_DEFINITION_TABLE} as d`).where('d.tenant_id', '=', tenantId).where('d.is_deleted', '=', 0);
    if (options.name) {
      const like = `%${options.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) => eb.or([eb('d.name', 'like', sql<string>`${like} escape '\\'`), eb('d.process_key', 'like', sql<string>`${like} escape '\\'`)]));
    }
    if (options.category) query = query.where('d.category', '=', options.category);
    if (options.key) query = query.where('d.process_key', '=', options.key);
    if (options.latestOnly && !options.withSuspended) query = query.where('d.suspended', '=', 0);
    if (options.latestOnly) {
      query = query.where(sql<boolean>`d.version = (select max(v.version) from ${sql.table(FLOW_DEFINITION_TABLE)} v
        where v.tenant_id = d.tenant_id and v.process_key = d.process_key and v.is_deleted = 0)`);
    }
    const count = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const total = Number(count?.n ?? 0);
    const rows = await query.selectAll('d').orderBy('d.process_key').orderBy('d.version', 'desc')
      .limit(options.size).offset((options.current - 1) * options.size).execute();
    return { rows: rows.map(toDefinition), total };
  }
}

/**
 * A definition as BladeX's process models page (模型设计, `blade-flow/model/list`) shows a model:
 * the diagram drawn here is deployed at once, so each process key's newest version is its model.
 */
export function modelView(d: ProcessDefinition) {
  return {
    id: d.id, tenantId: d.tenantId, modelKey: d.key, name: d.name, description: '', version: d.version,
    category: d.category, modelType: 0, created: d.deployTime, lastUpdated: d.deployTime,
  };
}

/** A definition as the lists show it (BladeX's names; the file is read with resource-view). */
export function definitionView(d: ProcessDefinition, categoryName: string | null) {
  return {
    id: d.id, tenantId: d.tenantId, key: d.key, name: d.name, version: d.version, category: d.category, categoryName,
    deploymentId: d.id, resourceName: d.resourceName, suspensionState: d.suspended ? 2 : 1, deploymentTime: d.deployTime,
  };
}
