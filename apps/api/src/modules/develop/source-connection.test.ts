import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  numberedPlaceholders,
  openSourceConnection,
  parseNetworkUrl,
  sourceDriver,
  SourceSettingsError,
  type SourceConnection,
  type SourceSettings,
} from './source-connection.js';
import { OutboundGuard, parseAllowList } from '../../security/outbound-address.js';
import { LOCAL_SERVICES } from '../../test-support/local-services.js';

/** The test databases run on this machine: the guard allows loopback, as the test apps' setting does. */
const local = new OutboundGuard(parseAllowList(LOCAL_SERVICES.OUTBOUND_ALLOW));

const suffix = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;

describe('data source settings', () => {
  it('tells the driver from the driver class or the URL', () => {
    expect(sourceDriver({ driverClass: 'com.mysql.cj.jdbc.Driver', url: 'jdbc:mysql://h:3306/d' })).toBe('mysql');
    expect(sourceDriver({ driverClass: 'org.postgresql.Driver', url: 'jdbc:postgresql://h/d' })).toBe('postgresql');
    expect(sourceDriver({ url: 'postgres://u@h/d' })).toBe('postgresql');
    expect(sourceDriver({ url: 'sqlite:/tmp/a.db' })).toBe('sqlite');
    expect(() => sourceDriver({ driverClass: 'oracle.jdbc.OracleDriver', url: 'jdbc:oracle:thin:@h:1521:x' })).toThrow(SourceSettingsError);
  });

  it('reads a JDBC URL with its parameters', () => {
    const address = parseNetworkUrl('jdbc:postgresql://db.school.edu:5433/alumni?currentSchema=blade&ssl=false');
    expect(address).toMatchObject({ host: 'db.school.edu', port: 5433, database: 'alumni' });
    expect(address.params.get('currentSchema')).toBe('blade');
    expect(() => parseNetworkUrl('jdbc:mysql://host-only')).toThrow(SourceSettingsError);
  });

  it('numbers placeholders outside quotes', () => {
    expect(numberedPlaceholders(`select '?' as q, "a?" from t where a = ? and b = ?`)).toBe(
      `select '?' as q, "a?" from t where a = $1 and b = $2`,
    );
  });
});

async function describeTable(connection: SourceConnection, table: string) {
  const tables = await connection.tables();
  expect(tables.map((t) => t.name)).toContain(table);
  const info = await connection.table(table);
  expect(info).not.toBeNull();
  expect(await connection.table(`${table}_missing`)).toBeNull();
  const byName = Object.fromEntries(info!.columns.map((c) => [c.name, c]));
  expect(info!.columns.map((c) => c.name)).toEqual(['id', 'real_name', 'grade', 'created_at']);
  expect(byName.id).toMatchObject({ primaryKey: true, nullable: false });
  expect(byName.real_name).toMatchObject({ primaryKey: false, nullable: false, length: 64 });
  expect(byName.grade?.nullable).toBe(true);
  const index = info!.indexes.find((i) => i.name === `${table}_name_grade`);
  expect(index).toEqual({ name: `${table}_name_grade`, unique: true, columns: ['real_name', 'grade'] });
  const rows = await connection.query<{ real_name: string }>(`select real_name from ${table} where grade = ? order by id`, [2020]);
  expect(rows.map((r) => r.real_name)).toEqual(['张三', 'Li Si']);
  return info!;
}

describe('a SQLite file', () => {
  const file = path.join(os.tmpdir(), `source-${suffix}.db`);
  afterAll(() => fs.rmSync(file, { force: true }));

  it('answers its tables, columns, keys and indexes, and rows', async () => {
    const db = new Sqlite(file);
    db.exec(`create table alumni_src (id integer primary key, real_name varchar(64) not null, grade integer, created_at datetime);
             create unique index alumni_src_name_grade on alumni_src (real_name, grade);
             insert into alumni_src (real_name, grade) values ('张三', 2020), ('Li Si', 2020), ('Wang', 2019);`);
    db.close();
    const connection = await openSourceConnection({ url: `sqlite:${file}` }, local);
    try {
      const info = await describeTable(connection, 'alumni_src');
      expect(info.columns.find((c) => c.name === 'real_name')!.type).toBe('varchar(64)');
    } finally {
      await connection.close();
    }
  });

  it('refuses a file that does not exist', async () => {
    await expect(openSourceConnection({ url: `sqlite:${file}.none` }, local)).rejects.toThrow();
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!postgresUrl)('a PostgreSQL schema', () => {
  const schema = `src_${suffix}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  afterAll(async () => {
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  it('answers its tables with comments, columns, keys and indexes, and rows', async () => {
    await admin.connect();
    await admin.query(`create schema ${schema};
      create table ${schema}.alumni_src (id bigint primary key, real_name varchar(64) not null, grade integer, created_at timestamp);
      comment on table ${schema}.alumni_src is '校友';
      comment on column ${schema}.alumni_src.real_name is '姓名';
      create unique index alumni_src_name_grade on ${schema}.alumni_src (real_name, grade);
      insert into ${schema}.alumni_src values (1, '张三', 2020, now()), (2, 'Li Si', 2020, null), (3, 'Wang', 2019, null);`);
    const address = parseNetworkUrl(postgresUrl!);
    const settings: SourceSettings = {
      driverClass: 'org.postgresql.Driver',
      url: `jdbc:postgresql://${address.host}:${address.port ?? 5432}/${address.database}?currentSchema=${schema}`,
      username: address.user ?? 'postgres',
    };
    const connection = await openSourceConnection(settings, local);
    try {
      const info = await describeTable(connection, 'alumni_src');
      expect(info.comment).toBe('校友');
      expect(info.columns.find((c) => c.name === 'real_name')).toMatchObject({ type: 'character varying(64)', comment: '姓名' });
      expect(info.indexes.find((i) => i.name === 'alumni_src_pkey')).toEqual({ name: 'alumni_src_pkey', unique: true, columns: ['id'] });
    } finally {
      await connection.close();
    }
  });
});

const mysqlUrl = process.env.TEST_MYSQL_URL;
describe.skipIf(!mysqlUrl)('a MySQL/MariaDB database', () => {
  const database = `src_${suffix}`;
  const address = mysqlUrl ? parseNetworkUrl(mysqlUrl) : null;
  const settings = (): SourceSettings => ({
    driverClass: 'com.mysql.cj.jdbc.Driver',
    url: `jdbc:mysql://${address!.host}:${address!.port ?? 3306}/${database}?useUnicode=true&characterEncoding=utf-8`,
    username: address!.user ?? 'root',
    password: address!.password ?? '',
  });
  afterAll(async () => {
    const mysql = await import('mysql2/promise');
    const admin = await mysql.createConnection({ host: address!.host, port: address!.port ?? 3306, user: address!.user ?? 'root', password: address!.password ?? '' });
    await admin.query(`drop database if exists ${database}`);
    await admin.end();
  });

  it('answers its tables with comments, columns, keys and indexes, and rows', async () => {
    const mysql = await import('mysql2/promise');
    const admin = await mysql.createConnection({
      host: address!.host, port: address!.port ?? 3306, user: address!.user ?? 'root', password: address!.password ?? '', multipleStatements: true, charset: 'utf8mb4',
    });
    await admin.query(`create database ${database} character set utf8mb4;
      create table ${database}.alumni_src (id bigint primary key, real_name varchar(64) not null comment '姓名', grade int, created_at datetime) comment '校友';
      create unique index alumni_src_name_grade on ${database}.alumni_src (real_name, grade);
      insert into ${database}.alumni_src values (1, '张三', 2020, now()), (2, 'Li Si', 2020, null), (3, 'Wang', 2019, null);`);
    await admin.end();
    const connection = await openSourceConnection(settings(), local);
    try {
      const info = await describeTable(connection, 'alumni_src');
      expect(info.comment).toBe('校友');
      expect(info.columns.find((c) => c.name === 'real_name')).toMatchObject({ type: 'varchar(64)', comment: '姓名' });
      expect(info.indexes.find((i) => i.name === 'PRIMARY')).toEqual({ name: 'PRIMARY', unique: true, columns: ['id'] });
    } finally {
      await connection.close();
    }
  });

  it('refuses a wrong password', async () => {
    await expect(openSourceConnection({ ...settings(), url: settings().url.replace(database, 'test'), password: 'wrong-password' }, local)).rejects.toThrow();
  });
});
