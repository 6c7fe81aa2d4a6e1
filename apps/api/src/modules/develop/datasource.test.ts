import { renameSync } from 'node:fs';
import { datasourceEntity } from '@alumni/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mysqlSource, sqliteSource, type TestSource } from '../../test-support/develop-sources.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';
import { LOCAL_SERVICES } from '../../test-support/local-services.js';
import { sealStoredFields } from '../../db/seal-stored-fields.js';
import { datasourceSettings } from './datasource-settings.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers differ per call; each test reads what it needs
type Json = Record<string, any>;

const BASE = '/api/blade-develop/datasource';

describe.each(testDialects())('data sources on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let office: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, LOCAL_SERVICES);
    [admin, office] = await Promise.all([t.signIn('admin'), t.signIn('office')]);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, body?: unknown, token = admin) => t.call(method, url, token, body);
  const data = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await call(method, url, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Json;
  };
  const count = async () => (await data('GET', `${BASE}/list?size=1`)).total as number;
  const storedColumn = async (id: string) => {
    const row = await t.app.services.database.db.selectFrom('blade_datasource').select('password').where('id', '=', id).executeTakeFirstOrThrow();
    return row.password as string | null;
  };
  const tag = () => Math.random().toString(36).slice(2, 8);

  it('saves a data source that connects and answers its password masked', async () => {
    const source = sqliteSource('saves');
    const saved = await data('POST', `${BASE}/submit`, { name: `本地库${tag()}`, driverClass: source.driverClass, url: source.url, username: 'reader', password: 'S3cret!' });
    expect(saved.password).toBe('******');
    expect((await data('GET', `${BASE}/detail?id=${saved.id}`)).password).toBe('******');
    const listed = (await data('GET', `${BASE}/list?size=1000`)).records as Json[];
    expect(listed.find((r) => r.id === saved.id)?.password).toBe('******');
    expect(JSON.stringify(listed)).not.toContain('S3cret!');
  });

  it('stores the password sealed, and a caller of the server reads it opened', async () => {
    const source = sqliteSource('sealed');
    const saved = await data('POST', `${BASE}/submit`, { name: `密封${tag()}`, driverClass: source.driverClass, url: source.url, password: 'S3cret!' });
    const stored = await storedColumn(saved.id);
    expect(stored).toMatch(/^gcm1:/);
    expect(stored).not.toContain('S3cret!');
    const { operations, repository } = t.app.services;
    expect(await datasourceSettings({ operations, repository }, { tenantId: '000000' }, saved.id)).toMatchObject({ url: source.url, password: 'S3cret!' });
  });

  it('seals a password written plain (an imported BladeX row) when the stored fields are sealed', async () => {
    const source = sqliteSource('imported');
    const id = '1900000000000990001';
    const stamp = '2024-01-01 00:00:00';
    await t.app.services.database.db.insertInto('blade_datasource').values({
      id, tenant_id: '000000', name: `导入${tag()}`, driver_class: source.driverClass, url: source.url, username: 'root', password: 'plain-from-bladex',
      create_time: stamp, update_time: stamp, status: 1, is_deleted: 0,
    }).execute();
    const deps = { operations: t.app.services.operations, repository: t.app.services.repository };
    expect((await datasourceSettings(deps, { tenantId: '000000' }, id)).password).toBe('plain-from-bladex');
    expect((await sealStoredFields(t.app.services.database.db, t.app.services.sealing)).datasource).toBe(1);
    expect(await storedColumn(id)).toMatch(/^gcm1:/);
    expect((await datasourceSettings(deps, { tenantId: '000000' }, id)).password).toBe('plain-from-bladex');
    expect((await data('GET', `${BASE}/detail?id=${id}`)).password).toBe('******');
  });

  it('refuses a data source that does not connect with a 400 saying why, and saves nothing', async () => {
    const before = await count();
    const res = await call('POST', `${BASE}/submit`, { name: `不存在${tag()}`, driverClass: 'org.sqlite.JDBC', url: `sqlite:${sqliteSource('x').file}.missing` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg: '无法连接数据源：数据库文件不存在或无法打开', data: { errors: { url: '无法连接数据源：数据库文件不存在或无法打开' } } });
    const en = await t.call('POST', `${BASE}/submit`, admin, { name: `missing${tag()}`, driverClass: 'org.sqlite.JDBC', url: 'sqlite:/nowhere/at/all.db' }, { 'accept-language': 'en' });
    expect(en.json().msg).toBe('Cannot connect to the data source: the database file does not exist or cannot be opened');
    const oracle = await call('POST', `${BASE}/submit`, { name: `甲骨文${tag()}`, driverClass: 'oracle.jdbc.OracleDriver', url: 'jdbc:oracle:thin:@127.0.0.1:1521:orcl' });
    expect(oracle.json().msg).toBe('无法连接数据源：不支持的数据库类型，可用 PostgreSQL、MySQL/MariaDB 或 SQLite');
    const refused = await call('POST', `${BASE}/submit`, { name: `拒绝${tag()}`, driverClass: 'org.postgresql.Driver', url: 'jdbc:postgresql://127.0.0.1:1/none' });
    expect(refused.json().msg).toBe('无法连接数据源：连接被拒绝（127.0.0.1:1）');
    expect(await count()).toBe(before);
  });

  it('tries the connection again only when an edit changes it', async () => {
    const source = sqliteSource('edits');
    const saved = await data('POST', `${BASE}/submit`, { name: `编辑${tag()}`, driverClass: source.driverClass, url: source.url, password: 'first' });
    // The database goes away: a remark is still saved, a new address is tried and refused.
    renameSync(source.file, `${source.file}.away`);
    try {
      await data('POST', `${BASE}/submit`, { id: saved.id, url: source.url, password: '******', remark: '说明' });
      const moved = await call('POST', `${BASE}/submit`, { id: saved.id, url: `sqlite:${source.file}.gone`, password: '******' });
      expect(moved.statusCode).toBe(400);
    } finally {
      renameSync(`${source.file}.away`, source.file);
    }
    const detail = await data('GET', `${BASE}/detail?id=${saved.id}`);
    expect(detail).toMatchObject({ url: source.url, remark: '说明', password: '******' });
    const { operations, repository } = t.app.services;
    expect((await datasourceSettings({ operations, repository }, { tenantId: '000000' }, saved.id)).password).toBe('first');
  });

  it('tests a form\'s settings without saving, taking the saved password for a masked one', async () => {
    const source = sqliteSource('tested');
    const before = await count();
    expect(await data('POST', '/api/blade-develop/datasource/test', { driverClass: source.driverClass, url: source.url })).toEqual({ connected: true, tables: 1 });
    expect(await count()).toBe(before);
    const bad = await call('POST', '/api/blade-develop/datasource/test', { url: `sqlite:${source.file}.none` });
    expect(bad.json()).toMatchObject({ code: 400, msg: '无法连接数据源：数据库文件不存在或无法打开' });
    expect((await call('POST', '/api/blade-develop/datasource/test', { url: source.url }, office)).statusCode).toBe(403);
  });

  it('lets a tenant read only the data source it is bound to, and the platform any', async () => {
    const source = sqliteSource('bound');
    const [one, two] = [await data('POST', `${BASE}/submit`, { name: `绑定${tag()}`, driverClass: source.driverClass, url: source.url }),
      await data('POST', `${BASE}/submit`, { name: `另一个${tag()}`, driverClass: source.driverClass, url: source.url })];
    await data('POST', `/api/blade-system/tenant/datasource?tenantId=100001&datasourceId=${one.id}`);
    const deps = { operations: t.app.services.operations, repository: t.app.services.repository };
    expect((await datasourceSettings(deps, { tenantId: '100001' }, one.id)).url).toBe(source.url);
    await expect(datasourceSettings(deps, { tenantId: '100001' }, two.id)).rejects.toMatchObject({ code: 404 });
    expect((await call('POST', `${BASE}/remove?ids=${one.id}`)).json().msg).toMatch(/正被数据模型或租户使用，不能删除/);
    await data('POST', `${BASE}/remove?ids=${two.id}`);
  });

  it('is the platform\'s: another tenant is refused', async () => {
    const foreign = await t.signIn('admin', 'Xy@123456', '100001');
    expect((await call('GET', `${BASE}/list`, undefined, foreign)).statusCode).toBe(403);
    expect(datasourceEntity.scope).toBe('platform');
  });

  describe.skipIf(!process.env.TEST_MYSQL_URL)('on MySQL/MariaDB with a password', () => {
    let source: TestSource;
    beforeAll(async () => {
      source = await mysqlSource('create table member (id bigint primary key, name varchar(32) not null)');
    });
    afterAll(async () => source?.drop());

    it('refuses a wrong password with a 400 on the password field, and saves nothing', async () => {
      const before = await count();
      const res = await call('POST', `${BASE}/submit`, { name: `错误密码${tag()}`, driverClass: source.driverClass, url: source.url, username: source.username, password: 'wrong' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ msg: '无法连接数据源：用户名或密码错误', data: { errors: { password: '无法连接数据源：用户名或密码错误' } } });
      expect(await count()).toBe(before);
    });

    it('keeps the stored password when the mask comes back, also for a new address', async () => {
      const saved = await data('POST', `${BASE}/submit`, { name: `正确密码${tag()}`, driverClass: source.driverClass, url: source.url, username: source.username, password: source.password });
      expect(saved.password).toBe('******');
      await data('POST', `${BASE}/submit`, { id: saved.id, url: `${source.url}&connectTimeout=3000`, password: '******' });
      const { operations, repository } = t.app.services;
      expect((await datasourceSettings({ operations, repository }, { tenantId: '000000' }, saved.id)).password).toBe(source.password);
      expect(await data('POST', '/api/blade-develop/datasource/test', { id: saved.id, password: '******' })).toEqual({ connected: true, tables: 1 });
      expect((await call('POST', '/api/blade-develop/datasource/test', { id: saved.id, password: 'wrong' })).statusCode).toBe(400);
    });
  });
});
