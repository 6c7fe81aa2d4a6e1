import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AWARD_TABLE, mysqlSource, postgresSource, sqliteSource, type TestSource } from '../../test-support/develop-sources.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';
import { LOCAL_SERVICES } from '../../test-support/local-services.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers differ per call; each test reads what it needs
type Json = Record<string, any>;

const MODEL = '/api/blade-develop/model';
const PROTOTYPE = '/api/blade-develop/model-prototype';

interface Kind {
  name: 'sqlite' | 'postgres' | 'mysql';
  /** Makes the award table in a fresh database of this kind. */
  make(): Promise<Omit<TestSource, 'drop'> & { drop?(): Promise<void> }>;
  /** Whether the database keeps comments (SQLite has none). */
  comments: boolean;
}

const SOURCES: Kind[] = [
  { name: 'sqlite', comments: false, make: async () => ({ ...sqliteSource(`awards-${Math.random().toString(36).slice(2, 8)}`, AWARD_TABLE.sqlite), username: '', password: '' }) },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres' as const, comments: true, make: () => postgresSource(AWARD_TABLE.postgres) }] : []),
  ...(process.env.TEST_MYSQL_URL ? [{ name: 'mysql' as const, comments: true, make: () => mysqlSource(AWARD_TABLE.mysql) }] : []),
];

describe.each(testDialects())('data models on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let office: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, LOCAL_SERVICES);
    [admin, office] = await Promise.all([t.signIn('admin'), t.signIn('office')]);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, body?: unknown, token = admin) => t.call(method, url, token, body);
  const data = async (method: 'GET' | 'POST', url: string, body?: unknown, token = admin) => {
    const res = await call(method, url, body, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Json;
  };
  const tag = () => Math.random().toString(36).slice(2, 8);

  describe.each(SOURCES.map((s) => [s.name, s] as const))('reading a %s data source', (_name, kind) => {
    let source: Awaited<ReturnType<Kind['make']>>;
    let datasourceId: string;
    beforeAll(async () => {
      source = await kind.make();
      datasourceId = (await data('POST', '/api/blade-develop/datasource/submit', {
        name: `${kind.name}${tag()}`, driverClass: source.driverClass, url: source.url, username: source.username, password: source.password,
      })).id;
    });
    afterAll(async () => source?.drop?.());

    it('lists its tables with their comments', async () => {
      const tables = await data('GET', `${MODEL}/table-list?datasourceId=${datasourceId}`) as unknown as Json[];
      expect(tables).toContainEqual({ name: 'alumni_award', comment: kind.comments ? '荣誉奖项' : '' });
    });

    it('describes a table: columns with types, keys, nullability, comments, and indexes', async () => {
      const info = await data('GET', `${MODEL}/table-info?datasourceId=${datasourceId}&tableName=alumni_award`);
      expect(info.name).toBe('alumni_award');
      const byName = Object.fromEntries((info.columns as Json[]).map((c) => [c.name, c]));
      expect(byName.id).toMatchObject({ primaryKey: true, nullable: false });
      expect(byName.award_name).toMatchObject({ primaryKey: false, nullable: false, length: 64, comment: kind.comments ? '奖项名称' : '' });
      expect(byName.award_level?.nullable).toBe(true);
      expect(byName.amount?.type).toMatch(/^(decimal|numeric)\(12, ?2\)$/);
      const unique = (info.indexes as Json[]).find((i) => i.name === 'alumni_award_name');
      expect(unique).toEqual({ name: 'alumni_award_name', unique: true, columns: ['award_name'] });
      const missing = await call('GET', `${MODEL}/table-info?datasourceId=${datasourceId}&tableName=no_such_table`);
      expect(missing.json()).toMatchObject({ code: 400, msg: '数据源中没有表“no_such_table”' });
    });

    it('proposes a new model\'s fields from its table: camelCased, kinds from the types, comments as labels, no base columns', async () => {
      const model = await data('POST', `${MODEL}/submit`, { datasourceId, modelName: '荣誉奖项', modelCode: `award${tag()}`, modelTable: 'alumni_award', modelClass: 'Award' });
      const fields = await data('GET', `${MODEL}/model-prototype?modelId=${model.id}`) as unknown as Json[];
      expect(fields.map((f) => f.propertyName)).toEqual(['awardName', 'awardLevel', 'awardYear', 'amount', 'isPublic', 'awardDate', 'departmentId', 'remark']);
      expect(fields.map((f) => f.propertyType)).toEqual(['text', 'text', 'integer', 'money', 'flag', 'date', 'fk', 'textarea']);
      expect(fields.every((f) => f.id === null && f.modelId === model.id)).toBe(true);
      const name = fields[0]!;
      expect(name).toMatchObject({ jdbcName: 'award_name', comment: kind.comments ? '奖项名称' : 'Award name', commentEn: 'Award name', isRequired: 1, isList: 1, isForm: 1, isQuery: 1, queryType: 'like' });
      expect(fields[6]).toMatchObject({ jdbcName: 'department_id', commentEn: 'Department', isRequired: 0 });
      expect(fields[7]).toMatchObject({ jdbcName: 'remark', isList: 0, isRow: 1 });
    });
  });

  describe('designing a model', () => {
    let datasourceId: string;
    let model: Json;
    beforeAll(async () => {
      const source = sqliteSource('design', AWARD_TABLE.sqlite);
      datasourceId = (await data('POST', '/api/blade-develop/datasource/submit', { name: `设计${tag()}`, driverClass: source.driverClass, url: source.url })).id;
      model = await data('POST', `${MODEL}/submit`, { datasourceId, modelName: '荣誉奖项', modelCode: `design${tag()}`, modelTable: 'alumni_award' });
    });

    it('saves the whole design in one call, then answers it in order', async () => {
      const proposed = await data('GET', `${MODEL}/model-prototype?modelId=${model.id}`) as unknown as Json[];
      const design = proposed.map((f) => (f.propertyName === 'awardLevel' ? { ...f, propertyType: 'dict', dictCode: 'sex', comment: '级别', commentEn: 'Level', isQuery: 1, queryType: 'equal' } : f));
      expect(await data('POST', `${PROTOTYPE}/submit-list`, design)).toBe(true);
      const saved = await data('GET', `${MODEL}/model-prototype?modelId=${model.id}`) as unknown as Json[];
      expect(saved.map((f) => f.propertyName)).toEqual(proposed.map((f) => f.propertyName));
      expect(saved.every((f) => /^\d+$/.test(f.id))).toBe(true);
      expect(saved[1]).toMatchObject({ propertyType: 'dict', dictCode: 'sex', comment: '级别', commentEn: 'Level', queryType: 'equal' });
      const picked = await data('GET', `${PROTOTYPE}/select?modelId=${model.id}`) as unknown as Json[];
      expect(picked[0]).toEqual({ id: saved[0]!.id, jdbcName: 'award_name', propertyName: 'awardName', comment: 'Award name', commentEn: 'Award name', propertyType: 'text' });
    });

    it('edits, adds and drops fields by the list it is sent', async () => {
      const saved = await data('GET', `${MODEL}/model-prototype?modelId=${model.id}`) as unknown as Json[];
      const next = [...saved.filter((f) => f.propertyName !== 'remark').map((f) => (f.propertyName === 'awardName' ? { ...f, comment: '名称' } : f)),
        { modelId: model.id, jdbcName: 'sponsor', jdbcType: 'varchar(32)', propertyName: 'sponsor', propertyType: 'text', comment: '赞助方', commentEn: 'Sponsor', isList: 1, isForm: 1 }];
      await data('POST', `${PROTOTYPE}/submit-list`, next);
      const after = await data('GET', `${MODEL}/model-prototype?modelId=${model.id}`) as unknown as Json[];
      expect(after.map((f) => f.propertyName)).toEqual([...saved.map((f) => f.propertyName).filter((n) => n !== 'remark'), 'sponsor']);
      expect(after[0]).toMatchObject({ id: saved[0]!.id, comment: '名称' });
      // Proposed afresh from the table on request, the saved design untouched.
      const fresh = await data('GET', `${MODEL}/model-prototype?modelId=${model.id}&fresh=1`) as unknown as Json[];
      expect(fresh.map((f) => f.propertyName)).toContain('remark');
      expect(fresh.every((f) => f.id === null)).toBe(true);
    });

    it('refuses a design with a bad row as a whole, and changes nothing', async () => {
      const before = await data('GET', `${MODEL}/model-prototype?modelId=${model.id}`) as unknown as Json[];
      const bad = await call('POST', `${PROTOTYPE}/submit-list`, [...before.slice(1), { ...before[0], id: undefined, jdbcName: 'award name', propertyName: 'Award-Name' }]);
      expect(bad.statusCode).toBe(400);
      const twice = await call('POST', `${PROTOTYPE}/submit-list`, [...before, { ...before[0], id: undefined }]);
      expect(twice.json()).toMatchObject({ code: 400, msg: '列“award_name”重复' });
      expect(await data('GET', `${MODEL}/model-prototype?modelId=${model.id}`)).toEqual(before);
      expect((await call('POST', `${PROTOTYPE}/submit-list`, [])).json().msg).toBe('请至少提交一个字段');
    });

    it('needs the design button to save a design, the model menu to read one', async () => {
      const fields = await data('GET', `${MODEL}/model-prototype?modelId=${model.id}`) as unknown as Json[];
      const viewer = await t.signInWithCodes(admin, ['tool', 'model', 'model_view']);
      expect((await call('GET', `${MODEL}/model-prototype?modelId=${model.id}`, undefined, viewer)).statusCode).toBe(200);
      expect((await call('GET', `${MODEL}/table-list?datasourceId=${datasourceId}`, undefined, viewer)).statusCode).toBe(200);
      expect((await call('POST', `${PROTOTYPE}/submit-list`, fields, viewer)).statusCode).toBe(403);
      expect((await call('GET', `${MODEL}/table-list?datasourceId=${datasourceId}`, undefined, office)).statusCode).toBe(403);
      expect((await call('GET', `${PROTOTYPE}/select?modelId=${model.id}`, undefined, office)).statusCode).toBe(403);
    });

    it('refuses a model of a data source that is not there, or with a code the generator cannot use', async () => {
      const gone = await call('POST', `${MODEL}/submit`, { datasourceId: '1234567890123', modelName: 'x', modelCode: `x${tag()}`, modelTable: 'alumni_award' });
      expect(gone.json()).toMatchObject({ code: 400, msg: '数据源不存在' });
      const code = await call('POST', `${MODEL}/submit`, { datasourceId, modelName: 'x', modelCode: 'Bad-Code', modelTable: 'alumni_award' });
      expect(code.json()).toMatchObject({ code: 400, msg: '模型编号只能包含字母和数字，并以小写字母开头' });
    });

    it('removes a model with its fields, and keeps a data source a model names', async () => {
      const other = await data('POST', `${MODEL}/submit`, { datasourceId, modelName: '临时', modelCode: `temp${tag()}`, modelTable: 'alumni_award' });
      const fields = await data('GET', `${MODEL}/model-prototype?modelId=${other.id}`) as unknown as Json[];
      await data('POST', `${PROTOTYPE}/submit-list`, fields);
      expect((await call('POST', `/api/blade-develop/datasource/remove?ids=${datasourceId}`)).json().msg).toMatch(/正被数据模型或租户使用/);
      await data('POST', `${MODEL}/remove?ids=${other.id}`);
      const left = await data('GET', `${PROTOTYPE}/list?modelId=${other.id}&size=100`);
      expect(left.total).toBe(0);
      const models = await data('GET', `${MODEL}/select`) as unknown as Json[];
      expect(models.find((m) => m.id === model.id)).toMatchObject({ modelName: '荣誉奖项', modelTable: 'alumni_award' });
      expect((await data('GET', '/api/blade-develop/datasource/select') as unknown as Json[]).find((d) => d.id === datasourceId)).toBeTruthy();
    });
  });
});
