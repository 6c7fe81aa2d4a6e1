import { sql } from 'kysely';
import type { Db, Dialect } from '../database.js';

/** Deployed process definitions: one row per version of a process key in a tenant. */
export const FLOW_DEFINITION_TABLE = 'blade_flow_definition';
/** Started processes, with the engine's state as saved after the last step. */
export const FLOW_INSTANCE_TABLE = 'blade_flow_instance';
/** Every step a process passed or waits in: start and end events and user tasks (the tasks of the work lists). */
export const FLOW_ACTIVITY_TABLE = 'blade_flow_activity';
/** The leave process's business record (DOMAIN 10.2). */
export const PROCESS_LEAVE_TABLE = 'blade_process_leave';

/**
 * The workflow (DOMAIN 10.2): definitions, instances whose state survives a restart (`state`,
 * guarded by `revision` so one process at a time advances an instance), their activities, and
 * the platform's leave table with the columns the alumni office added (type, days, attachments).
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  const id = dialect === 'sqlite' ? 'integer' : 'bigint';
  const datetime = dialect === 'postgres' ? sql`timestamp(0)` : 'text';
  await db.schema.createTable(FLOW_DEFINITION_TABLE)
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('process_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('category', 'varchar(64)')
    .addColumn('resource_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('xml', 'text', (c) => c.notNull())
    .addColumn('suspended', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deploy_user', 'bigint')
    .addColumn('deploy_time', datetime, (c) => c.notNull())
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('blade_flow_definition_key').on(FLOW_DEFINITION_TABLE)
    .columns(['tenant_id', 'process_key', 'version']).unique().execute();

  await db.schema.createTable(FLOW_INSTANCE_TABLE)
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('definition_id', 'bigint', (c) => c.notNull())
    .addColumn('process_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('business_table', 'varchar(64)')
    .addColumn('business_id', 'bigint')
    .addColumn('title', 'varchar(255)')
    .addColumn('start_user', 'bigint', (c) => c.notNull())
    .addColumn('start_time', datetime, (c) => c.notNull())
    .addColumn('end_time', datetime)
    // running, finished (reached an end event), deleted (stopped by an administrator)
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('end_activity_id', 'varchar(64)')
    .addColumn('current_task_name', 'varchar(255)')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('update_time', datetime, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blade_flow_instance_starter').on(FLOW_INSTANCE_TABLE)
    .columns(['tenant_id', 'start_user', 'start_time']).execute();
  await db.schema.createIndex('blade_flow_instance_status').on(FLOW_INSTANCE_TABLE)
    .columns(['tenant_id', 'status', 'start_time']).execute();

  await db.schema.createTable(FLOW_ACTIVITY_TABLE)
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('instance_id', 'bigint', (c) => c.notNull())
    .addColumn('definition_id', 'bigint', (c) => c.notNull())
    .addColumn('activity_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('activity_name', 'varchar(255)')
    // bpmn:StartEvent, bpmn:UserTask, bpmn:EndEvent, …
    .addColumn('activity_type', 'varchar(64)', (c) => c.notNull())
    // open (a task waiting), done, cancelled
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('assignee', 'bigint')
    .addColumn('candidate_users', 'varchar(1000)')
    .addColumn('candidate_groups', 'varchar(1000)')
    .addColumn('form_key', 'varchar(255)')
    .addColumn('outcome', 'varchar(16)')
    .addColumn('comment', 'varchar(1000)')
    .addColumn('create_time', datetime, (c) => c.notNull())
    .addColumn('claim_time', datetime)
    .addColumn('end_time', datetime)
    .addColumn('seq', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blade_flow_activity_instance').on(FLOW_ACTIVITY_TABLE)
    .columns(['instance_id', 'seq']).execute();
  await db.schema.createIndex('blade_flow_activity_todo').on(FLOW_ACTIVITY_TABLE)
    .columns(['tenant_id', 'status', 'assignee', 'create_time']).execute();

  await db.schema.createTable(PROCESS_LEAVE_TABLE)
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('process_definition_id', 'varchar(64)')
    .addColumn('process_instance_id', 'varchar(64)')
    .addColumn('leave_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('start_time', datetime, (c) => c.notNull())
    .addColumn('end_time', datetime, (c) => c.notNull())
    .addColumn('days', sql`decimal(4,1)`, (c) => c.notNull())
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('task_user', 'bigint', (c) => c.notNull())
    .addColumn('attachments', 'varchar(2000)')
    .addColumn('apply_time', datetime, (c) => c.notNull())
    .addColumn('create_user', 'bigint')
    .addColumn('create_dept', 'bigint')
    .addColumn('create_time', datetime)
    .addColumn('update_user', 'bigint')
    .addColumn('update_time', datetime)
    // 1 in approval, 2 approved, 3 given up
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('blade_process_leave_instance').on(PROCESS_LEAVE_TABLE)
    .columns(['tenant_id', 'process_instance_id']).execute();
}
