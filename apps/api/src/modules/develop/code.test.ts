import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AWARD_TABLE, sqliteSource } from '../../test-support/develop-sources.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';
import { applyAddition } from './codegen/generate-code.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers differ per call; each test reads what it needs
type Json = Record<string, any>;

const CODE = '/api/blade-develop/code';

describe.each(testDialects())('code settings on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let model: Json;
  let setting: Json;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    const source = sqliteSource('code-settings', AWARD_TABLE.sqlite);
    const datasource = await data('POST', '/api/blade-develop/datasource/submit', { name: `奖项${dialect}`, driverClass: source.driverClass, url: source.url });
    model = await data('POST', '/api/blade-develop/model/submit', { datasourceId: datasource.id, modelName: '荣誉奖项', modelCode: 'honourAward', modelTable: 'alumni_award' });
    setting = await data('POST', `${CODE}/submit`, {
      modelId: model.id, codeName: '荣誉奖项', codeNameEn: 'Honour awards', serviceName: 'blade-honour-award', tableName: 'alumni_honour_award', tablePrefix: 'alumni_',
      packageName: 'relation', apiPath: '/blade-honourAward/honourAward', webPath: '/alumni/honouraward', author: '校友办',
    });
  });
  afterAll(async () => t?.close());

  async function data(method: 'GET' | 'POST', url: string, body?: unknown, token = admin): Promise<Json> {
    const res = await t.call(method, url, token, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Json;
  }
  const call = (method: 'GET' | 'POST', url: string, body?: unknown, token = admin) => t.call(method, url, token, body);

  it('copies a setting under a new name, keeping everything else', async () => {
    const copy = await data('POST', `${CODE}/copy?id=${setting.id}`);
    expect(copy.id).not.toBe(setting.id);
    expect(copy).toMatchObject({ codeName: '荣誉奖项-copy', modelId: model.id, tableName: 'alumni_honour_award', apiPath: setting.apiPath, webPath: setting.webPath, author: '校友办', modelName: '荣誉奖项' });
    const named = await data('POST', `${CODE}/copy?id=${setting.id}&codeName=${encodeURIComponent('荣誉奖项二')}`);
    expect(named.codeName).toBe('荣誉奖项二');
    expect((await call('POST', `${CODE}/copy?id=1234567890123`)).statusCode).toBe(404);
    await data('POST', `${CODE}/remove?ids=${copy.id},${named.id}`);
  });

  it('refuses to generate from a model without fields, then generates once it is designed', async () => {
    const none = await call('POST', `${CODE}/gen-code?ids=${setting.id}&system=all`);
    expect(none.json()).toMatchObject({ code: 400, msg: '数据模型“荣誉奖项”还没有字段，请先进行模型设计' });
    const fields = await data('GET', `/api/blade-develop/model/model-prototype?modelId=${model.id}`) as unknown as Json[];
    await data('POST', '/api/blade-develop/model-prototype/submit-list', fields);
    const [generated] = await data('POST', `${CODE}/gen-code?ids=${setting.id}&system=all`) as unknown as Json[];
    expect(generated).toMatchObject({ codeId: setting.id, codeName: '荣誉奖项', entity: 'honourAward' });
    const definition = (generated!.files as Json[]).find((f) => f.role === 'definition');
    expect(definition).toMatchObject({ path: 'packages/domain/src/entities/relation/honour-award.ts', kind: 'file' });
    expect(definition!.content).toContain("export const honourAwardEntity = defineEntity({");
    expect(definition!.content).toContain("label: t('荣誉奖项', 'Honour awards'),");
    expect(definition!.content).toContain("awardName: text(t('Award name', 'Award name'), { required: true, max: 64, list: true, search: 'like' }),");
    expect(definition!.content).toContain('Author: 校友办.');
    const migration = (generated!.files as Json[]).find((f) => f.role === 'migration');
    expect(migration!.content).toContain("await createEntityTable(db, dialect, honourAwardEntity);");
    expect(migration!.content).toMatch(/await addMenu\(db, 'alumni', \{ row: \d+, code: 'honourAward'/);
    expect((generated!.files as Json[]).some((f) => f.role === 'hooks')).toBe(false);
  });

  it('generates only the part `system` names, and BladeX\'s styles mean every part', async () => {
    const roles = async (system: string) => ((await data('POST', `${CODE}/gen-code?ids=${setting.id}&system=${system}`) as unknown as Json[])[0]!.files as Json[]).map((f) => f.role);
    expect(await roles('domain')).toEqual(['definition', 'registry', 'registry', 'index']);
    expect(await roles('web')).toEqual(['page', 'pages']);
    expect(await roles('saber')).toEqual(await roles('all'));
    expect((await call('POST', `${CODE}/gen-code?ids=${setting.id}&system=vue`)).json().msg).toBe('system 只能是 all、domain、api 或 web');
  });

  it('adds a hooks file that checks the rows an id field names', async () => {
    const fields = await data('GET', `/api/blade-develop/model/model-prototype?modelId=${model.id}`) as unknown as Json[];
    await data('POST', '/api/blade-develop/model-prototype/submit-list', fields.map((f) => (f.propertyName === 'departmentId' ? { ...f, propertyEntity: 'department', comment: '院系' } : f)));
    try {
      const files = ((await data('POST', `${CODE}/gen-code?ids=${setting.id}`) as unknown as Json[])[0]!.files as Json[]);
      const hooks = files.find((f) => f.role === 'hooks');
      expect(hooks).toMatchObject({ path: 'apps/api/src/modules/relation/honour-award-hooks.ts' });
      expect(hooks!.content).toContain("{ field: 'departmentId', table: 'alumni_department', tenant: true, message: t('院系不存在', 'The department does not exist') },");
      expect(files.find((f) => f.role === 'definition')!.content).toContain("departmentId: fk(t('院系', 'Department'), { ref: 'department', list: true }),");
      const services = files.filter((f) => f.role === 'services').map((f) => f.content);
      expect(services).toEqual(["import { honourAwardHooks } from './modules/relation/honour-award-hooks.js';\n", "    ['honourAward', honourAwardHooks()],\n"]);
    } finally {
      await data('POST', '/api/blade-develop/model-prototype/submit-list', fields);
    }
  });

  it('answers the files as one zip file', async () => {
    const res = await call('GET', `${CODE}/gen-code-zip?ids=${setting.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe("attachment; filename*=UTF-8''honourAward.zip");
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(res.rawPayload.includes(Buffer.from('packages/domain/src/entities/relation/honour-award.ts'))).toBe(true);
  });

  it('refuses a model code, table or path the product already has', async () => {
    const taken = await data('POST', '/api/blade-develop/model/submit', { datasourceId: model.datasourceId, modelName: '荣誉', modelCode: 'honor', modelTable: 'alumni_award' });
    const fields = await data('GET', `/api/blade-develop/model/model-prototype?modelId=${taken.id}`) as unknown as Json[];
    await data('POST', '/api/blade-develop/model-prototype/submit-list', fields);
    const code = await data('POST', `${CODE}/submit`, { modelId: taken.id, codeName: '荣誉', serviceName: 'x', tableName: 'alumni_x', packageName: 'x', apiPath: '/x/x', webPath: '/alumni/x' });
    expect((await call('POST', `${CODE}/gen-code?ids=${code.id}`)).json().msg).toBe('实体“honor”已存在，请修改模型编号');
    await data('POST', `${CODE}/submit`, { id: code.id, modelId: model.id, tableName: 'blade_user' });
    expect((await call('POST', `${CODE}/gen-code?ids=${code.id}`)).json().msg).toBe('表“blade_user”已被实体“user”使用');
    const bad = await call('POST', `${CODE}/submit`, { id: code.id, apiPath: 'no-slash' });
    expect(bad.json()).toMatchObject({ code: 400, msg: '接口路径应以 / 开头，由字母、数字、- 和 _ 组成' });
    await data('POST', `${CODE}/remove?ids=${code.id}`);
    // A model a code setting names stays.
    expect((await call('POST', `/api/blade-develop/model/remove?ids=${model.id}`)).json().msg).toBe('数据模型“荣誉奖项”正被代码生成使用，不能删除');
  });

  it('needs code_gen to generate and code_copy to copy', async () => {
    const viewer = await t.signInWithCodes(admin, ['tool', 'code', 'code_view']);
    expect((await call('GET', `${CODE}/list`, undefined, viewer)).statusCode).toBe(200);
    expect((await call('POST', `${CODE}/gen-code?ids=${setting.id}`, undefined, viewer)).statusCode).toBe(403);
    expect((await call('GET', `${CODE}/gen-code-zip?ids=${setting.id}`, undefined, viewer)).statusCode).toBe(403);
    expect((await call('POST', `${CODE}/copy?id=${setting.id}`, undefined, viewer)).statusCode).toBe(403);
    const foreign = await t.signIn('admin', 'Xy@123456', '100001');
    expect((await call('POST', `${CODE}/gen-code?ids=${setting.id}`, undefined, foreign)).statusCode).toBe(403);
  });
});

describe('additions to the product\'s files', () => {
  const file = { path: 'x.ts', kind: 'addition' as const, role: 'registry' as const };
  it('go after the last line starting with `afterLast`, before the first starting with `before`, else at the end', () => {
    const source = "import a from 'a';\nimport b from 'b';\n\nexport const ALL = [\n  a,\n] as const;\n";
    expect(applyAddition(source, { ...file, afterLast: 'import ', content: "import c from 'c';\n" })).toBe("import a from 'a';\nimport b from 'b';\nimport c from 'c';\n\nexport const ALL = [\n  a,\n] as const;\n");
    expect(applyAddition(source, { ...file, before: '] as const', content: '  c,\n' })).toBe("import a from 'a';\nimport b from 'b';\n\nexport const ALL = [\n  a,\n  c,\n] as const;\n");
    expect(applyAddition(source, { ...file, content: 'export { c };\n' })).toBe(`${source}export { c };\n`);
    expect(applyAddition(source, { ...file, underMenu: 'alumni', content: 'x' })).toBe(source);
  });
});
