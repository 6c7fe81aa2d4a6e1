/** A small BladeX-shaped database for the import's API and browser tests (built with the API so the browser tests can load it). */
import { createHash } from 'node:crypto';
import { parseNetworkUrl, type SourceSettings } from '../source-connection.js';

/**
 * A small BladeX 3.0.1 installation on MySQL/MariaDB (BLADEX-SCHEMA 2.2, 2.3): the tables and
 * columns the import reads, with their stored codes, and a few rows of each kind — a school tenant
 * beside BladeX's own 000000, menus some of which this product has and some not, users whose
 * passwords are stored as BladeX stores them (sha1 of the client's md5).
 */
const BASE = `create_user bigint(20), create_dept bigint(20), create_time datetime, update_user bigint(20), update_time datetime,
  status int(2) default 1, is_deleted int(2) default 0`;

export const BLADEX_DDL = [
  `create table blade_tenant (id bigint(20) not null primary key, tenant_id varchar(12) default '000000', tenant_name varchar(50) not null,
    domain_url varchar(255), background_url varchar(1000), linkman varchar(20), contact_number varchar(20), address varchar(255),
    account_number int(11) default -1, expire_time datetime, package_id bigint(20), datasource_id bigint(20), license_key varchar(1000), ${BASE})`,
  `create table blade_dept (id bigint(20) not null primary key, tenant_id varchar(12) default '000000', parent_id bigint(20) default 0,
    ancestors varchar(2000), dept_category int(2), dept_name varchar(45), full_name varchar(45), sort int(11), remark varchar(255), is_deleted int(2) default 0)`,
  `create table blade_post (id bigint(20) not null primary key, tenant_id varchar(12) default '000000', category int(11), post_code varchar(12),
    post_name varchar(64), sort int(2), remark varchar(255), ${BASE})`,
  `create table blade_role (id bigint(20) not null primary key, tenant_id varchar(12) default '000000', parent_id bigint(20) default 0,
    role_name varchar(255), sort int(11), role_alias varchar(255), is_deleted int(2) default 0)`,
  `create table blade_menu (id bigint(20) not null primary key, parent_id bigint(20) default 0, code varchar(255), name varchar(255), alias varchar(255),
    path varchar(255), source varchar(255), sort int(2), category int(2), action int(2) default 0, is_open int(2) default 1, component varchar(255),
    remark varchar(255), is_deleted int(2) default 0)`,
  'create table blade_role_menu (id bigint(20) not null primary key, menu_id bigint(20), role_id bigint(20))',
  'create table blade_role_scope (id bigint(20) not null primary key, scope_category int(2), scope_id bigint(20), role_id bigint(20))',
  `create table blade_scope_data (id bigint(20) not null primary key, menu_id bigint(20), resource_code varchar(255), scope_name varchar(255),
    scope_field varchar(255), scope_class varchar(500), scope_column varchar(255), scope_type int(2), scope_value varchar(2000), remark varchar(255), ${BASE})`,
  `create table blade_scope_api (id bigint(20) not null primary key, menu_id bigint(20), resource_code varchar(255), scope_name varchar(255),
    scope_path varchar(255), scope_type int(2), remark varchar(255), ${BASE})`,
  `create table blade_dict (id bigint(20) not null primary key, parent_id bigint(20) default 0, code varchar(255), dict_key varchar(255),
    dict_value varchar(255), sort int(11), remark varchar(255), is_sealed int(2) default 0, is_deleted int(2) default 0)`,
  `create table blade_dict_biz (id bigint(20) not null primary key, tenant_id varchar(12) default '000000', parent_id bigint(20) default 0,
    code varchar(255), dict_key varchar(255), dict_value varchar(255), sort int(11), remark varchar(255), is_sealed int(2) default 0, is_deleted int(2) default 0)`,
  `create table blade_param (id bigint(20) not null primary key, param_name varchar(255), param_key varchar(255), param_value varchar(255),
    remark varchar(255), ${BASE})`,
  `create table blade_user (id bigint(20) not null primary key, tenant_id varchar(12) default '000000', code varchar(12), user_type int(2),
    account varchar(45), password varchar(45), name varchar(20), real_name varchar(10), avatar varchar(500), email varchar(45), phone varchar(45),
    birthday datetime, sex int(2), role_id varchar(1000), dept_id varchar(1000), post_id varchar(1000), ${BASE})`,
];

/** How BladeX stores a password: sha1 of the lower-case hex md5 the client sends (PROTOCOL 6). */
export const bladexHash = (password: string): string =>
  createHash('sha1').update(createHash('md5').update(password, 'utf8').digest('hex')).digest('hex');

/** The school's own tenant in BladeX and the account the tests sign in with after the move. */
export const SCHOOL = { tenantId: '200001', account: 'zhanglaoshi', password: 'Bladex@2024', userId: '1500000000000000401', roleId: '1500000000000000301', deptId: '1500000000000000102' };
/** A user of BladeX's own tenant 000000. */
export const HR = { account: 'hr', password: 'Hr@2024abc', userId: '1123598821738675202', roleId: '1123598816738675203', deptId: '1123598813738675202' };

const T = '2020-01-02 03:04:05';
const LATER = '2021-05-06 07:08:09';
const q = (v: string | number | null) => (v === null ? 'null' : typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`);
const rows = (table: string, columns: string, values: (string | number | null)[][]) =>
  `insert into ${table} (${columns}) values ${values.map((r) => `(${r.map(q).join(', ')})`).join(', ')}`;

export const BLADEX_SEED = [
  rows('blade_tenant', 'id, tenant_id, tenant_name, domain_url, linkman, contact_number, account_number, expire_time, create_time, status, is_deleted', [
    ['1123598820738675201', '000000', '管理组', null, 'admin', '666666', -1, null, T, 1, 0],
    ['1500000000000000001', '200001', '江南大学校友会', 'http://alumni.jn.example', '王老师', '051288880000', 50, '2099-12-31 23:59:59', T, 1, 0],
    ['1500000000000000002', '300001', '已注销的学院', null, null, null, -1, null, T, 1, 1],
  ]),
  rows('blade_dept', 'id, tenant_id, parent_id, ancestors, dept_category, dept_name, full_name, sort, is_deleted', [
    // BladeX's seeded root has the id this product gives its own root department: it gets a new id.
    ['1123598813738675201', '000000', '0', '0', 1, '刀锋科技', '江苏刀锋科技有限公司', 1, 0],
    ['1123598813738675202', '000000', '1123598813738675201', '0,1123598813738675201', 1, '常州刀锋', '常州刀锋科技有限公司', 1, 0],
    ['1123598813738675203', '000000', '1123598813738675201', '0,1123598813738675201', 1, '苏州刀锋', '苏州刀锋科技有限公司', 2, 0],
    ['1500000000000000101', '200001', '0', '0', 1, '江南大学', '江南大学', 1, 0],
    ['1500000000000000102', '200001', '1500000000000000101', '0,1500000000000000101', 2, '计算机学院', '江南大学计算机学院', 1, 0],
    ['1500000000000000103', '200001', '1500000000000000101', '0,1500000000000000101', 2, '已撤销学院', null, 2, 1],
  ]),
  rows('blade_post', 'id, tenant_id, category, post_code, post_name, sort, create_time, status, is_deleted', [
    ['1123598817738675201', '000000', 1, 'ceo', '首席执行官', 1, T, 1, 0],
    ['1123598817738675206', '000000', 2, 'pm', '项目经理', 6, T, 1, 0],
    // The product's tenant 000000 has a post `staff` already.
    ['1123598817738675208', '000000', 3, 'staff', '普通员工', 8, T, 1, 0],
    ['1500000000000000201', '200001', 1, 'secretary', '秘书长', 1, T, 1, 0],
  ]),
  rows('blade_role', 'id, tenant_id, parent_id, role_name, sort, role_alias, is_deleted', [
    ['1123598816738675201', '000000', '0', '超级管理员', 1, 'administrator', 0],
    ['1123598816738675202', '000000', '0', '用户', 2, 'user', 0],
    ['1123598816738675203', '000000', '1123598816738675202', '人事', 1, 'hr', 0],
    ['1500000000000000301', '200001', '0', '管理员', 1, 'admin', 0],
    ['1500000000000000302', '200001', '1500000000000000301', '校友会干事', 2, 'officer', 0],
    ['1500000000000000303', '200001', '0', '停用角色', 3, 'gone', 1],
  ]),
  rows('blade_menu', 'id, parent_id, code, name, alias, path, source, sort, category, action, is_open, is_deleted', [
    ['1123598815738675201', '0', 'desk', '工作台', 'menu', '/desk', 'iconfont iconicon_airplay', 1, 1, 0, 1, 0],
    ['1123598815738675202', '1123598815738675201', 'notice', '通知公告', 'menu', '/desk/notice', 'iconfont iconicon_sms', 1, 1, 0, 1, 0],
    ['1123598815738675203', '1123598815738675202', 'notice_add', '新增', 'add', '/desk/notice/add', 'plus', 1, 2, 1, 1, 0],
    ['1123598815738675212', '1123598815738675202', 'notice_view', '查看', 'view', '/desk/notice/view', 'file-text', 4, 2, 2, 1, 0],
    ['1123598815738675204', '0', 'system', '系统管理', 'menu', '/system', 'iconfont iconicon_setting', 9, 1, 0, 1, 0],
    ['1123598815738675205', '1123598815738675204', 'user', '用户管理', 'menu', '/system/user', 'iconfont iconicon_principal', 1, 1, 0, 1, 0],
    ['1123598815738675206', '1123598815738675205', 'user_add', '新增', 'add', '/system/user/add', 'plus', 1, 2, 1, 1, 0],
    // BladeX's code differs from this product's `datascope`; the path is the same.
    ['1123598815738675207', '1123598815738675204', 'data_scope', '数据权限', 'menu', '/authority/datascope', 'iconfont icon-shujuquanxian', 2, 1, 0, 1, 0],
    ['1123598815738675208', '0', 'zipkin', 'Zipkin', 'menu', 'http://localhost:9411', 'iconfont iconicon_task', 5, 1, 0, 2, 0],
    ['1123598815738675209', '1123598815738675201', 'process_leave', '请假流程', 'menu', '/work/process/leave', 'iconfont iconicon_task', 3, 1, 0, 1, 0],
    ['1123598815738675210', '0', 'school_stats', '学校统计', 'menu', '/school/stats', 'iconfont iconicon_task', 7, 1, 0, 1, 0],
    ['1123598815738675211', '0', 'old_menu', '旧菜单', 'menu', '/old', null, 8, 1, 0, 1, 1],
  ]),
  rows('blade_role_menu', 'id, menu_id, role_id', [
    // 用户: three matched, Zipkin (unmatched), a menu BladeX does not have.
    ['1', '1123598815738675201', '1123598816738675202'], ['2', '1123598815738675202', '1123598816738675202'],
    ['3', '1123598815738675203', '1123598816738675202'], ['4', '1123598815738675208', '1123598816738675202'],
    ['5', '1999999999999999999', '1123598816738675202'],
    // 人事: system, users, add user, 学校统计 (unmatched), a deleted menu.
    ['6', '1123598815738675204', '1123598816738675203'], ['7', '1123598815738675205', '1123598816738675203'],
    ['8', '1123598815738675206', '1123598816738675203'], ['9', '1123598815738675210', '1123598816738675203'],
    ['10', '1123598815738675211', '1123598816738675203'],
    // 超级管理员 is this product's own: its grants stay the product's.
    ['11', '1123598815738675201', '1123598816738675201'], ['12', '1123598815738675208', '1123598816738675201'],
    // The school's 管理员: desk, notices, view, data scopes (by path), 请假流程 (unmatched).
    ['13', '1123598815738675201', '1500000000000000301'], ['14', '1123598815738675202', '1500000000000000301'],
    ['15', '1123598815738675212', '1500000000000000301'], ['16', '1123598815738675207', '1500000000000000301'],
    ['17', '1123598815738675209', '1500000000000000301'],
    ['18', '1123598815738675201', '1500000000000000302'],
  ]),
  rows('blade_scope_data', 'id, menu_id, resource_code, scope_name, scope_class, scope_column, scope_type, create_time, status, is_deleted', [
    ['1600000000000000001', '1123598815738675202', 'notice', '通知全部可见', 'org.springblade.desk.entity.Notice', '*', 1, T, 1, 0],
    ['1600000000000000002', '1123598815738675202', 'notice', '通知所在机构可见', 'org.springblade.desk.entity.Notice', 'create_dept', 3, T, 1, 0],
  ]),
  rows('blade_scope_api', 'id, menu_id, resource_code, scope_name, scope_path, scope_type, create_time, status, is_deleted', [
    ['1600000000000000011', '1123598815738675205', 'user', '用户分页', '/blade-user/page', 2, T, 1, 0],
  ]),
  rows('blade_role_scope', 'id, scope_category, scope_id, role_id', [
    ['1', 1, '1600000000000000001', '1500000000000000301'],
    ['2', 1, '1600000000000000002', '1500000000000000301'],
    ['3', 2, '1600000000000000011', '1123598816738675202'],
  ]),
  rows('blade_dict', 'id, parent_id, code, dict_key, dict_value, sort, remark, is_sealed, is_deleted', [
    ['1123598814738675201', '0', 'sex', '-1', '性别', 1, null, 0, 0],
    ['1123598814738675202', '1123598814738675201', 'sex', '1', '男', 1, null, 0, 0],
    ['1123598814738675203', '1123598814738675201', 'sex', '2', '女', 2, null, 0, 0],
    // BladeX stores 1 否 / 2 是 where this product stores 0 否 / 1 是.
    ['1123598814738675221', '0', 'yes_no', '-1', '是否', 5, null, 0, 0],
    ['1123598814738675222', '1123598814738675221', 'yes_no', '1', '否', 1, null, 0, 0],
    ['1123598814738675223', '1123598814738675221', 'yes_no', '2', '是', 2, null, 0, 0],
    ['1700000000000000001', '0', 'school_level', '-1', '办学层次', 20, null, 0, 0],
    ['1700000000000000002', '1700000000000000001', 'school_level', '1', '本科', 1, null, 0, 0],
    ['1700000000000000003', '1700000000000000001', 'school_level', '2', '研究生', 2, '含博士', 1, 0],
    ['1700000000000000004', '1700000000000000001', 'school_level', '3', '已删除', 3, null, 0, 1],
  ]),
  rows('blade_dict_biz', 'id, tenant_id, parent_id, code, dict_key, dict_value, sort, is_sealed, is_deleted', [
    ['1700000000000000101', '200001', '0', 'club_type', '-1', '俱乐部类型', 1, 0, 0],
    ['1700000000000000102', '200001', '1700000000000000101', 'club_type', '1', '兴趣', 1, 0, 0],
    ['1700000000000000103', '200001', '1700000000000000101', 'club_type', '2', '地区', 2, 0, 0],
    // The product ships leave_type: 事假 agrees, 病休 differs from its 病假.
    ['1700000000000000111', '000000', '0', 'leave_type', '-1', '请假类型', 1, 0, 0],
    ['1700000000000000112', '000000', '1700000000000000111', 'leave_type', '1', '事假', 1, 0, 0],
    ['1700000000000000113', '000000', '1700000000000000111', 'leave_type', '2', '病休', 2, 0, 0],
  ]),
  rows('blade_param', 'id, param_name, param_key, param_value, create_time, status, is_deleted', [
    ['1123598819738675201', '是否开启注册功能', 'account.registerUser', 'true', T, 1, 0],
    ['1123598819738675202', '账号初始密码', 'account.initPassword', '123456', T, 1, 0],
    ['1123598819738675203', '账号错误锁定次数', 'account.failCount', '5', T, 1, 0],
    ['1123598819738675209', '已删除参数', 'old.key', 'x', T, 1, 1],
  ]),
  rows('blade_user', 'id, tenant_id, code, user_type, account, password, name, real_name, email, phone, birthday, sex, role_id, dept_id, post_id, create_time, status, is_deleted', [
    // The product's tenant 000000 has an `admin`: BladeX's stays behind.
    ['1123598821738675201', '000000', 'admin', 1, 'admin', bladexHash('admin'), '管理员', '管理员', 'admin@bladex.vip', '123333333333', '2018-08-08 00:00:00', 1,
      '1123598816738675201', '1123598813738675201', '1123598817738675201', T, 1, 0],
    [HR.userId, '000000', 'hr', 1, HR.account, bladexHash(HR.password), '人事', '人事', null, null, null, 2, HR.roleId, HR.deptId, '1123598817738675206,1123598817738675208', T, 1, 0],
    [SCHOOL.userId, SCHOOL.tenantId, 'T001', 1, SCHOOL.account, bladexHash(SCHOOL.password), '张老师', '张伟', 'zhang@jn.example', '13900001111', '1980-02-03 00:00:00', 1,
      SCHOOL.roleId, SCHOOL.deptId, '1500000000000000201', T, 1, 0],
    // The same account again in the same tenant, made later: not imported.
    ['1500000000000000402', SCHOOL.tenantId, 'T002', 1, SCHOOL.account, bladexHash('other'), '张老师2', '张伟', null, null, null, 1, SCHOOL.roleId, SCHOOL.deptId, null, LATER, 1, 0],
    // A removed department and one that never existed.
    ['1500000000000000403', SCHOOL.tenantId, 'T003', 1, 'lisi', bladexHash('Lisi@2024'), '李四', '李四', null, null, null, 2,
      '1500000000000000302', '1500000000000000103,1999999999999999998', null, T, 1, 0],
    ['1500000000000000404', SCHOOL.tenantId, 'T004', 1, 'removed', bladexHash('x'), '已删', '已删', null, null, null, 1, SCHOOL.roleId, SCHOOL.deptId, null, T, 1, 1],
    ['1500000000000000405', '300001', 'T005', 1, 'wangwu', bladexHash('x'), '王五', '王五', null, null, null, 1, null, null, null, T, 1, 0],
  ]),
];

export interface BladexDatabase {
  settings: SourceSettings;
  /** Runs SQL on the BladeX database (to change the source between runs). */
  exec(sql: string): Promise<void>;
  drop(): Promise<void>;
}

/** Creates the BladeX database `bladex_<suffix>` on the MySQL/MariaDB of `mysqlUrl`. */
export async function createBladexDatabase(mysqlUrl: string, suffix: string): Promise<BladexDatabase> {
  const address = parseNetworkUrl(mysqlUrl);
  const mysql = await import('mysql2/promise');
  const database = `bladex_${suffix}`;
  const connect = (db?: string) => mysql.createConnection({
    host: address.host, port: address.port ?? 3306, user: address.user ?? 'root', password: address.password ?? '', charset: 'utf8mb4', ...(db ? { database: db } : {}),
  });
  const admin = await connect();
  await admin.query(`create database ${database} character set utf8mb4`);
  await admin.end();
  const conn = await connect(database);
  for (const statement of [...BLADEX_DDL, ...BLADEX_SEED]) await conn.query(statement);
  return {
    settings: {
      driverClass: 'com.mysql.cj.jdbc.Driver',
      url: `jdbc:mysql://${address.host}:${address.port ?? 3306}/${database}?useUnicode=true&characterEncoding=utf-8&serverTimezone=GMT%2B8`,
      username: address.user ?? 'root',
      password: address.password ?? '',
    },
    exec: async (statement) => {
      await conn.query(statement);
    },
    drop: async () => {
      await conn.end();
      const c = await connect();
      await c.query(`drop database if exists ${database}`);
      await c.end();
    },
  };
}
