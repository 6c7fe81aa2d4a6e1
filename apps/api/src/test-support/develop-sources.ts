import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';

let folder: string | null = null;

/** A folder for this process's sample database files, removed when the process ends. */
function sampleFolder(): string {
  if (!folder) {
    const made = mkdtempSync(path.join(tmpdir(), 'alumni-sources-'));
    folder = made;
    process.on('exit', () => rmSync(made, { recursive: true, force: true }));
  }
  return folder;
}

/**
 * A SQLite file a data source may name (`sqlite:<file>`), created once per name with the statements
 * given (by default one small table), and the settings of a data source pointing at it.
 */
export function sqliteSource(name = 'sample', statements = 'create table sample_item (id integer primary key, title varchar(64) not null)'): {
  file: string; driverClass: string; url: string;
} {
  const file = path.join(sampleFolder(), `${name}.db`);
  const db = new Sqlite(file);
  try {
    const exists = db.prepare("select count(*) as n from sqlite_master where type = 'table'").get() as { n: number };
    if (exists.n === 0) db.exec(statements);
  } finally {
    db.close();
  }
  return { file, driverClass: 'org.sqlite.JDBC', url: `sqlite:${file}` };
}

/** A database made for a test and the data source settings that reach it; `drop` removes it. */
export interface TestSource {
  driverClass: string;
  url: string;
  username: string;
  password: string;
  drop(): Promise<void>;
}

const suffix = () => `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;

/**
 * A fresh schema of the test PostgreSQL (TEST_DATABASE_URL) holding what `statements` make (written
 * against the schema as the search path), reached as a JDBC URL with `currentSchema`.
 */
export async function postgresSource(statements: string): Promise<TestSource> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const { default: pg } = await import('pg');
  const schema = `src_${suffix()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create schema ${schema}; set search_path to ${schema}; ${statements}`);
  } finally {
    await admin.end();
  }
  const address = new URL(url);
  return {
    driverClass: 'org.postgresql.Driver',
    url: `jdbc:postgresql://${address.hostname}:${address.port || 5432}${address.pathname}?currentSchema=${schema}`,
    username: decodeURIComponent(address.username || 'postgres'),
    password: decodeURIComponent(address.password),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}

/**
 * A fresh database of the test MySQL/MariaDB (TEST_MYSQL_URL) holding what `statements` make, with
 * a user of its own whose password is `password`: the data source signs in as that user.
 */
export async function mysqlSource(statements: string, password = 'Src#Pass1'): Promise<TestSource> {
  const url = process.env.TEST_MYSQL_URL;
  if (!url) throw new Error('TEST_MYSQL_URL is not set');
  const mysql = await import('mysql2/promise');
  const address = new URL(url);
  const root = { host: address.hostname, port: Number(address.port || 3306), user: decodeURIComponent(address.username || 'root'), password: decodeURIComponent(address.password) };
  const name = `src_${suffix()}`;
  const admin = await mysql.createConnection({ ...root, multipleStatements: true, charset: 'utf8mb4' });
  try {
    await admin.query(`create database ${name} character set utf8mb4`);
    await admin.query(`create user '${name}'@'%' identified by ?`, [password]);
    await admin.query(`grant select on ${name}.* to '${name}'@'%'`);
    await admin.query(`use ${name}; ${statements}`);
  } finally {
    await admin.end();
  }
  return {
    driverClass: 'com.mysql.cj.jdbc.Driver',
    url: `jdbc:mysql://${root.host}:${root.port}/${name}?useUnicode=true&characterEncoding=utf-8`,
    username: name,
    password,
    async drop() {
      const c = await mysql.createConnection(root);
      await c.query(`drop database if exists ${name}`);
      await c.query(`drop user if exists '${name}'@'%'`);
      await c.end();
    },
  };
}

/**
 * A table of awards for the model and code generation tests, in each database's own words: a name
 * (required, unique), a level, a year, an amount, a yes/no, a date, a department id, a long remark,
 * and base columns the engine supplies. PostgreSQL and MySQL carry Chinese comments.
 */
export const AWARD_TABLE = {
  sqlite: `create table alumni_award (
      id bigint primary key, award_name varchar(64) not null, award_level varchar(16), award_year integer, amount decimal(12,2),
      is_public integer default 0, award_date date, department_id bigint, remark text,
      tenant_id varchar(12), create_time datetime, is_deleted integer default 0);
    create unique index alumni_award_name on alumni_award (award_name);`,
  postgres: `create table alumni_award (
      id bigint primary key, award_name varchar(64) not null, award_level varchar(16), award_year integer, amount numeric(12,2),
      is_public boolean default false, award_date date, department_id bigint, remark text,
      tenant_id varchar(12), create_time timestamp, is_deleted integer default 0);
    create unique index alumni_award_name on alumni_award (award_name);
    comment on table alumni_award is '荣誉奖项';
    comment on column alumni_award.award_name is '奖项名称';
    comment on column alumni_award.award_level is '奖项级别';
    comment on column alumni_award.award_year is '获奖年份';
    comment on column alumni_award.amount is '奖金';
    comment on column alumni_award.is_public is '是否公开';
    comment on column alumni_award.award_date is '颁奖日期';
    comment on column alumni_award.department_id is '院系';
    comment on column alumni_award.remark is '备注';`,
  mysql: `create table alumni_award (
      id bigint primary key, award_name varchar(64) not null comment '奖项名称', award_level varchar(16) comment '奖项级别',
      award_year int comment '获奖年份', amount decimal(12,2) comment '奖金', is_public tinyint(1) default 0 comment '是否公开',
      award_date date comment '颁奖日期', department_id bigint comment '院系', remark text comment '备注',
      tenant_id varchar(12), create_time datetime, is_deleted int default 0, unique key alumni_award_name (award_name)) comment '荣誉奖项';`,
} as const;
