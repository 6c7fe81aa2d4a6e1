import { entityPath, permissionCodes, requiredMessage, routedEntities, type EntityDef } from '@alumni/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT, grantToDemoTenantAdmin, overrideOf } from './entity-overrides.js';
import { filterParams, invalidValues, sampleBody, sampleValue, uniqueToken, writable, type Sample } from './sample-values.js';
import { LOCAL_SERVICES } from './local-services.js';
import { DEMO_PASSWORD, startTestApp, testDialects, type TestApp } from './test-app.js';

type Json = Record<string, unknown>;

/** The answer's envelope, after checking its HTTP status mirrors the code. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- `data` differs per call; each test reads what it needs
function envelope(res: LightMyRequestResponse, code: number): { code: number; success: boolean; data: any; msg: string } {
  expect(res.statusCode, res.body).toBe(code);
  const body = res.json();
  expect(body).toMatchObject({ code, success: code === 200 });
  return body;
}

const qs = (params: Record<string, string>) => new URLSearchParams(params).toString();

/**
 * The contract every routed entity keeps, proven by looping over the registry: adding an entity
 * adds its share of these tests without writing any. One test file per database
 * (`engine/entity-contract.test.ts`, `engine/entity-contract-postgres.test.ts`), so the two run side by side.
 */
export function entityContract(
  dialect: 'sqlite' | 'postgres',
  options: {
    /** The entities to prove (the registry's routed ones by default) on an app `start` makes (a fresh test app by default). */
    entities?: readonly EntityDef[];
    start?: (dialect: 'sqlite' | 'postgres') => Promise<TestApp>;
  } = {},
): void {
  if (!testDialects().includes(dialect)) {
    it.skip(`entity contract on ${dialect} (needs TEST_DATABASE_URL)`, () => undefined);
    return;
  }
  describe.each([dialect])('entity contract on %s', (dialect) => {
    let t: TestApp;
    let admin: string;
    /** A signed-in user whose role holds no menu. */
    let nobody: string;
    let office: string;
    let foreign: string;
    let officeCodes: Set<string>;

    beforeAll(async () => {
      // Object storage and SMS configurations are saved with endpoints on loopback (nothing connects to them).
      t = await (options.start ?? ((d) => startTestApp(d, LOCAL_SERVICES)))(dialect);
      [admin, office, foreign] = await Promise.all([
        t.signIn('admin'), t.signIn('office'), t.signIn('admin', DEMO_PASSWORD, DEMO_TENANT),
      ]);
      nobody = await t.signInWithoutGrants(admin);
      const tree = envelope(await t.call('GET', '/api/blade-system/menu/buttons', office), 200).data as Json[];
      officeCodes = new Set();
      const walk = (nodes: Json[]) => nodes.forEach((n) => { officeCodes.add(String(n.code)); walk((n.children as Json[]) ?? []); });
      walk(tree);
    }, 180_000); // a database of its own, migrated and seeded: minutes beside the other suites
    /** Cross-tenant attempts made below (each one a failing test if it leaked), printed as the suite's figure. */
    const crossTenant = { entities: new Set<string>(), attempts: 0 };
    afterAll(async () => {
      console.log(`security/tenants ${dialect}: ${crossTenant.entities.size} entities, ${crossTenant.attempts} cross-tenant reads, updates, removals and creates, 0 leaks`);
      await t?.close();
    });

    it('answers 401 with 缺失令牌,鉴权失败 when no token is sent', async () => {
      const res = await t.call('GET', '/api/blade-system/param/list');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 401, success: false, data: null, msg: '缺失令牌,鉴权失败' });
    });

    it('answers 401 with 令牌已失效 for a garbage token', async () => {
      const res = await t.call('GET', '/api/blade-system/param/list', 'not.a.token');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 401, success: false, data: null, msg: '令牌已失效' });
    });

    // Permissions and the validation of a body, an id list, a sort or a page are decided before any SQL
    // is built, by the same code on both databases: SQLite's run proves them for both. PostgreSQL's
    // run keeps what its SQL decides: writing and reading rows, filters, sorting, paging, tenant
    // isolation and every operator on every field (decision 276).
    const everyCase = dialect === 'sqlite';

    // Entities written only by the server (the logs) answer list and detail alone; their tests are beside them.
    const writableEntities = (options.entities ?? routedEntities()).filter((e) => entityPath(e, 'submit') && entityPath(e, 'remove'));

    describe.each(writableEntities.map((e) => [e.name, e] as const))('%s', (_name, entity: EntityDef) => {
      // The paged list: `page` where `list` answers a tree (`api.listShape`), which is tested on its own below.
      const path = {
        list: `/api${entityPath(entity, 'page')}`,
        tree: entity.api?.listShape === 'tree' ? `/api${entityPath(entity, 'list')}` : null,
        detail: `/api${entityPath(entity, 'detail')}`,
        submit: `/api${entityPath(entity, 'submit')}`,
        remove: `/api${entityPath(entity, 'remove')}`,
      };
      const codes = permissionCodes(entity);
      const override = overrideOf(entity);
      const derived = new Set(override.derived ?? []);
      const searchable = Object.entries(entity.fields).filter(([n, f]) => f.search && !override.unfilterable?.includes(n));
      const sortable = [...Object.entries(entity.fields).filter(([, f]) => f.search || f.sortable).map(([n]) => n), 'createTime'];
      const requiredFields = Object.entries(entity.fields).filter(([, f]) => f.required && writable(f, false));
      const badValues = Object.entries(entity.fields).filter(([, f]) => writable(f, false))
        .flatMap(([name, f]) => invalidValues(f).map(({ what, value }) => [name, what, value] as const));

      const cleanups: (() => Promise<void>)[] = [];
      afterEach(async () => {
        while (cleanups.length) await (cleanups.pop() as () => Promise<void>)();
      });

      /** The values a valid body of this entity needs from the override (its parent row, its menus). */
      async function needs(token: string, variant: number): Promise<Sample> {
        let values: Sample = { ...override.values?.(variant) };
        if (override.prepare && variant === 1) {
          const prepared = await override.prepare(t, admin, token);
          cleanups.push(prepared.cleanup);
          values = { ...values, ...prepared.values };
        }
        return values;
      }

      async function validBody(): Promise<Sample> {
        const token = uniqueToken();
        return sampleBody(entity, 1, token, await needs(token, 1));
      }

      /** Creates a row as the super administrator; it is removed after the test. */
      async function createRow(): Promise<{ id: string; body: Sample; record: Json }> {
        const body = await validBody();
        const record = envelope(await t.call('POST', path.submit, admin, body), 200).data as Json;
        const id = String(record.id);
        cleanups.push(async () => void (await t.call('POST', `${path.remove}?ids=${id}`, admin)));
        await override.settle?.(t, admin, id);
        return { id, body, record };
      }

      // A detail names its row in the query, or in the path where the call is `detail/:id`.
      const detailUrl = (id: string) => (path.detail.endsWith('/:id') ? path.detail.replace(/:id$/, encodeURIComponent(id)) : `${path.detail}?id=${id}`);
      const detail = async (id: string, token = admin) => t.call('GET', detailUrl(id), token);
      const list = async (params: Record<string, string>, token = admin) => t.call('GET', `${path.list}?${qs({ size: '1000', ...params })}`, token);
      const listedIds = async (params: Record<string, string>, token = admin) =>
        (envelope(await list(params, token), 200).data.records as Json[]).map((r) => String(r.id));
      const count = async () => envelope(await t.call('GET', `${path.list}?size=1`, admin), 200).data.total as number;
      /** The ids of a tree-shaped list's answer, every level, checking each node's shape on the way. */
      const treeIds = async (params: Record<string, string>, token = admin): Promise<string[]> => {
        const nodes = envelope(await t.call('GET', `${path.tree}?${qs({ current: '1', size: '10', ...params })}`, token), 200).data;
        expect(Array.isArray(nodes)).toBe(true);
        const ids: string[] = [];
        const walk = (level: Json[]) => {
          for (const node of level) {
            ids.push(String(node.id));
            const children = node.children as Json[] | undefined;
            expect(node.hasChildren).toBe(children !== undefined);
            if (children) {
              expect(children.length).toBeGreaterThan(0);
              for (const child of children) expect(String(child.parentId)).toBe(String(node.id));
              walk(children);
            }
          }
        };
        walk(nodes as Json[]);
        return ids;
      };
      const stored = async (id: string) => envelope(await detail(id), 200).data as Json;

      function expectValues(record: Json, body: Sample) {
        for (const [name, value] of Object.entries(body)) {
          if (name === 'id' || derived.has(name)) continue;
          expect(record[name], name).toEqual(value);
        }
      }

      describe('create, read, update, list, remove', () => {
        it('creates a row from a body without id and answers it with its id', async () => {
          const { record, body } = await createRow();
          expect(record.id).toMatch(/^\d{1,19}$/);
          expectValues(record, body);
        });

        it('reads the created row back with detail', async () => {
          const { id, body } = await createRow();
          const record = await stored(id);
          expect(record.id).toBe(id);
          expectValues(record, body);
        });

        it('updates the row when submitted with its id, and the change persists', async () => {
          const { id } = await createRow();
          const token = uniqueToken();
          const change = sampleBody(entity, 2, token, await needs(token, 2));
          const answered = envelope(await t.call('POST', path.submit, admin, { ...change, id }), 200).data as Json;
          expect(answered.id).toBe(id);
          expectValues(await stored(id), change);
        });

        it.each(searchable.map(([name, field]) => [name, field] as const))('filter %s finds the row and a non-matching value does not', async (name, field) => {
          const { id } = await createRow();
          const value = (await stored(id))[name];
          if (value === null || value === undefined) {
            // A field the server fills later (when a message is answered) is empty on a new row: no value finds it.
            expect(field.form, `${name} is empty on a new row`).toBe('readonly');
            expect(await listedIds(filterParams(name, field, sampleValue(field, 1, uniqueToken())).match)).not.toContain(id);
            return;
          }
          const { match, miss } = filterParams(name, field, value as string | number);
          expect(await listedIds(match)).toContain(id);
          expect(await listedIds(miss)).not.toContain(id);
        });

        it('filters by id', async () => {
          const { id } = await createRow();
          expect(await listedIds({ id })).toEqual([id]);
        });

        it.each(sortable)('accepts sorting by %s ascending and descending', async (name) => {
          const { id } = await createRow();
          expect(await listedIds({ ascs: name })).toContain(id);
          expect(await listedIds({ descs: name })).toContain(id);
        });

        it('answers pages with records, total, size, current and pages', async () => {
          await createRow();
          const page = envelope(await t.call('GET', `${path.list}?current=1&size=1`, admin), 200).data;
          expect(page).toMatchObject({ size: 1, current: 1 });
          expect(page.records).toHaveLength(1);
          expect(page.pages).toBe(page.total);
        });

        if (path.tree) {
          it('answers list as an unpaged tree of the rows matching the filters', async () => {
            const { id, record } = await createRow();
            const [one] = envelope(await t.call('GET', `${path.tree}?${qs({ id })}`, admin), 200).data as Json[];
            expect(one).toMatchObject({ id: record.id, hasChildren: false });
            expect(one).not.toHaveProperty('children');
            expect(await treeIds({})).toContain(id);
            expect(await treeIds({ id: '1234567890123' })).toEqual([]);
          });
        }

        it('removes the row: detail then answers 404 and the list no longer has it', async () => {
          const { id } = await createRow();
          expect(envelope(await t.call('POST', `${path.remove}?ids=${id}`, admin), 200).data).toBe(true);
          envelope(await detail(id), 404);
          expect(await listedIds({ id })).toEqual([]);
        });

        it('answers 404 for the detail of an id that does not exist', async () => {
          envelope(await detail('1234567890123'), 404);
        });

        it('answers 404 for an update of an id that does not exist and writes nothing', async () => {
          const body = { ...(await validBody()), id: '1234567890123' };
          const before = await count();
          envelope(await t.call('POST', path.submit, admin, body), 404);
          expect(await count()).toBe(before);
        });
      });

      if (everyCase) describe('permissions', () => {
        it(`refuses listing and reading without the ${codes.menu} code (403)`, async () => {
          const { id } = await createRow();
          envelope(await list({}, nobody), 403);
          envelope(await detail(id, nobody), 403);
        });

        it(`refuses creating without the ${codes.add} code (403) and writes nothing`, async () => {
          const body = await validBody();
          const before = await count();
          envelope(await t.call('POST', path.submit, nobody, body), 403);
          expect(await count()).toBe(before);
        });

        it(`refuses updating without the ${codes.edit} code (403) and leaves the row unchanged`, async () => {
          const { id } = await createRow();
          const before = await stored(id);
          const token = uniqueToken();
          envelope(await t.call('POST', path.submit, nobody, { ...sampleBody(entity, 2, token, await needs(token, 2)), id }), 403);
          expect(await stored(id)).toEqual(before);
        });

        it(`refuses removing without the ${codes.remove} code (403) and keeps the row`, async () => {
          const { id } = await createRow();
          envelope(await t.call('POST', `${path.remove}?ids=${id}`, nobody), 403);
          envelope(await detail(id), 200);
        });

        it('lets office (alumni_admin) do exactly what its role grants', async () => {
          const { id } = await createRow();
          const allowed = (code: string) => officeCodes.has(code);
          const before = await stored(id);
          expect((await list({ id }, office)).statusCode).toBe(allowed(codes.menu) ? 200 : 403);
          expect((await detail(id, office)).statusCode).toBe(allowed(codes.menu) ? 200 : 403);
          const add = await t.call('POST', path.submit, office, await validBody());
          expect(add.statusCode).toBe(allowed(codes.add) ? 200 : 403);
          if (add.statusCode === 200) cleanups.push(async () => void (await t.call('POST', `${path.remove}?ids=${add.json().data.id}`, admin)));
          const edit = await t.call('POST', path.submit, office, { id, remark: 'edited by office' });
          expect(edit.statusCode).toBe(allowed(codes.edit) ? 200 : 403);
          if (edit.statusCode !== 200) expect(await stored(id)).toEqual(before);
          const removal = await t.call('POST', `${path.remove}?ids=${id}`, office);
          expect(removal.statusCode).toBe(allowed(codes.remove) ? 200 : 403);
          if (removal.statusCode !== 200) envelope(await detail(id), 200);
        });
      });

      if (entity.scope === 'tenant') {
        describe('another tenant', () => {
          let undoGrant: () => Promise<void>;
          beforeAll(async () => {
            undoGrant = await grantToDemoTenantAdmin(t, entity);
          });
          afterAll(async () => undoGrant?.());

          it('holds the permission, so isolation and not the grant is what is tested', async () => {
            envelope(await list({}, foreign), 200);
          });

          it("does not list tenant 000000's row", async () => {
            const { id } = await createRow();
            expect(await listedIds({ id }, foreign)).toEqual([]);
            expect(await listedIds({}, foreign)).not.toContain(id);
            if (path.tree) expect(await treeIds({}, foreign)).not.toContain(id);
            crossTenant.entities.add(entity.name);
            crossTenant.attempts += 2;
          });

          it("answers 404 for the detail of tenant 000000's row", async () => {
            const { id } = await createRow();
            envelope(await detail(id, foreign), 404);
            crossTenant.attempts += 1;
          });

          it("answers 404 for an update of tenant 000000's row and leaves it unchanged", async () => {
            const { id } = await createRow();
            const before = await stored(id);
            const token = uniqueToken();
            envelope(await t.call('POST', path.submit, foreign, { ...sampleBody(entity, 2, token, await needs(token, 2)), id }), 404);
            expect(await stored(id)).toEqual(before);
            crossTenant.attempts += 1;
          });

          it("answers 404 for removing tenant 000000's row and keeps it", async () => {
            const { id } = await createRow();
            envelope(await t.call('POST', `${path.remove}?ids=${id}`, foreign), 404);
            envelope(await detail(id), 200);
            crossTenant.attempts += 1;
          });

          it("creates its own rows in its own tenant, invisible to tenant 000000", async () => {
            const body = await validBody();
            if ('parentId' in body) return; // a dictionary entry needs a parent of the same tenant (dict tests cover it)
            const theirs = await override.prepareForeign?.(t, foreign, uniqueToken());
            if (theirs) cleanups.push(theirs.cleanup);
            const own = envelope(await t.call('POST', path.submit, foreign, { ...body, ...override.foreign, ...theirs?.values }), 200).data as Json;
            cleanups.push(async () => void (await t.call('POST', `${path.remove}?ids=${own.id}`, foreign)));
            expect(own.tenantId).toBe(DEMO_TENANT);
            envelope(await detail(String(own.id)), 404);
            crossTenant.attempts += 1;
          });
        });
      } else {
        describe('another tenant', () => {
          it('refuses every call from tenant 100001 with 403 and writes nothing', async () => {
            const { id } = await createRow();
            const before = await stored(id);
            const body = await validBody();
            const total = await count();
            envelope(await list({}, foreign), 403);
            envelope(await detail(id, foreign), 403);
            envelope(await t.call('POST', path.submit, foreign, body), 403);
            envelope(await t.call('POST', path.submit, foreign, { id, remark: 'x' }), 403);
            envelope(await t.call('POST', `${path.remove}?ids=${id}`, foreign), 403);
            expect(await stored(id)).toEqual(before);
            expect(await count()).toBe(total);
            crossTenant.entities.add(entity.name);
            crossTenant.attempts += 5;
          });
        });
      }

      /** The refusals of malformed input that validation answers before any SQL is built. */
      function validationCases(): void {
        it.each(requiredFields.map(([name, field]) => [name, requiredMessage(field, 'zh')] as const))(
          'refuses a create without %s with 400 "%s" and writes nothing', async (name, message) => {
            const body = await validBody();
            delete body[name];
            const before = await count();
            const answer = envelope(await t.call('POST', path.submit, admin, body), 400);
            expect(answer.data.errors).toEqual({ [name]: message });
            expect(answer.msg).toBe(message);
            expect(await count()).toBe(before);
          });

        it.each(badValues)('refuses %s as %s with 400 and writes nothing', async (name, _what, value) => {
          const body = { ...(await validBody()), [name]: value };
          const before = await count();
          const answer = envelope(await t.call('POST', path.submit, admin, body), 400);
          expect(Object.keys(answer.data.errors)).toEqual([name]);
          expect(await count()).toBe(before);
        });

        it('refuses a malformed update with 400 and leaves the row unchanged', async () => {
          const { id } = await createRow();
          const before = await stored(id);
          const [name, , value] = badValues.find(([field]) => writable(entity.fields[field]!, true)) as (typeof badValues)[number];
          envelope(await t.call('POST', path.submit, admin, { id, [name]: value }), 400);
          expect(await stored(id)).toEqual(before);
        });

        it.each(['abc', '1,x', '', ',', '-5', '12345678901234567890', '9999999999999999999'])(
          'refuses remove with ids=%j (400) and removes nothing', async (ids) => {
            const { id } = await createRow();
            const before = await count();
            envelope(await t.call('POST', `${path.remove}?${qs({ ids })}`, admin), 400);
            expect(await count()).toBe(before);
            envelope(await detail(id), 200);
          });

        it('refuses remove without ids (400)', async () => {
          envelope(await t.call('POST', path.remove, admin), 400);
        });

        it('refuses detail with a malformed or overflowing id (400)', async () => {
          envelope(await detail('abc'), 400);
          envelope(await detail('9999999999999999999'), 400);
        });

        // The tenant table's own code is its tenantId field: a filter there, unknown everywhere else.
        const unknownFilters = ['nope', 'tenantId', 'isDeleted', 'tenantId_in', 'code;drop table x'].filter((n) => !(n.replace(/_in$/, '') in entity.fields));
        it.each(unknownFilters)('refuses the unknown filter %j with 400', async (name) => {
          const before = await count();
          const answer = envelope(await list({ [name]: '1' }), 400);
          expect(answer.msg).toBe(`不支持的查询条件: ${name}`);
          expect(await count()).toBe(before);
        });

        it('refuses an unknown sort field with 400', async () => {
          const answer = envelope(await list({ ascs: 'nope' }), 400);
          expect(answer.msg).toBe('不支持的排序字段: nope');
        });

        it('refuses bad paging with 400', async () => {
          envelope(await list({ current: '0' }), 400);
          envelope(await list({ size: '100000' }), 400);
        });

        it('refuses a malformed filter value of a number, id or date field with 400', async () => {
          envelope(await list({ id: 'abc' }), 400);
          envelope(await list({ status: 'abc' }), 400);
          envelope(await list({ createTime_datege: 'abc' }), 400);
          envelope(await list({ createTime: 'abc' }), 400);
          envelope(await list({ id: '9999999999999999999' }), 400);
        });
      }

      describe('malformed input', () => {
        if (everyCase) validationCases();

        it('answers every operator on every queryable field with 200 or 400, never a server error', async () => {
          const names = [...Object.keys(entity.fields), 'id', 'createUser', 'createTime', 'updateTime', 'status'];
          const ops = ['', '_equal', '_notequal', '_like', '_notlike', '_gt', '_lt', '_ge', '_le', '_dategt', '_datege', '_dateequal', '_datelt', '_datele', '_null', '_notnull', '_in', '_ignore'];
          const queries = names.flatMap((name) => ops.flatMap((op) => ['1', '2024-01-01', 'x'].map((value) => [`${name}${op}`, value] as const)));
          const failures: string[] = [];
          // Six calls in flight: the database answers one while the server builds the next.
          let next = 0;
          await Promise.all(Array.from({ length: 6 }, async () => {
            while (next < queries.length) {
              const [filter, value] = queries[next++]!;
              // One row a page: the answer's status is what counts, not the rows.
              const res = await list({ [filter]: value, size: '1' });
              if (res.statusCode !== 200 && res.statusCode !== 400) failures.push(`${filter}=${value} → ${res.statusCode}`);
            }
          }));
          expect(failures.sort()).toEqual([]);
          // Three values of 18 operators on every field: thousands of calls for the widest entities.
        }, 180_000);
      });
    });
  });
}
