import {
  BUSINESS_DICTIONARIES, DEVELOP_MSG, ENTITIES, SYSTEM_DICTIONARIES, codeEntity, datasourceEntity, modelEntity, modelPrototypeEntity, t,
  type GenSystem, type GeneratedCode, type GeneratedFile, type Lang, type Text,
} from '@alumni/domain';
import { badRequest, notFound } from '../../../core/errors.js';
import type { Db } from '../../../db/database.js';
import { migrationNames } from '../../../db/migrate.js';
import type { JsonRecord } from '../../../db/row-mapping.js';
import type { EntityRepository } from '../../../engine/entity-repository.js';
import { MENU_TABLE, MENU_TREE, type MenuSeed } from '../../../seed/menu-tree.js';
import { withConnection } from '../connection-check.js';
import { OutboundGuard } from '../../../security/outbound-address.js';
import { settingsOf } from '../datasource-settings.js';
import type { SourceIndex } from '../source-connection.js';
import { planField, type DictionaryPlace, type FieldPlan } from './field-plan.js';
import { definitionSource, hooksSource, menuSeedSource, migrationSource, pageSource, type EntityPlan, type MenuPlan } from './sources.js';

const ALL = { tenantId: null };
const MENU_ID_RE = new RegExp(`^1900000000000${MENU_TABLE}(\\d{4})$`);
/** Rows of menus that have no group of their own in the tree. */
const SPARE_ROWS = { from: 5000, to: 9990 };
const MENU_ICON = 'AppstoreOutlined';

const pascal = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

/** The row numbers the menu tree uses (menus and their buttons). */
function treeRows(): Set<number> {
  const rows = new Set<number>();
  const walk = (list: MenuSeed[]) => {
    for (const m of list) {
      rows.add(m.row);
      (m.buttons ?? []).forEach((_, i) => rows.add(m.row + i + 1));
      walk(m.children ?? []);
    }
  };
  walk(MENU_TREE);
  return rows;
}

/**
 * Where the generated menu goes: under the menu whose path is the menu path's parent (`/alumni` for
 * `/alumni/award`), at a row of that menu's group free in the menu tree and the database (else a
 * spare row), sorted after its siblings.
 */
async function planMenu(db: Db, webPath: string, buttons: number): Promise<MenuPlan> {
  const parentPath = webPath.slice(0, webPath.lastIndexOf('/'));
  const parent = parentPath
    ? await db.selectFrom('blade_menu').select(['id', 'code', 'name', 'name_en']).where('path', '=', parentPath).where('category', '=', 1).where('is_deleted', '=', 0).executeTakeFirst()
    : undefined;
  const taken = treeRows();
  for (const row of await db.selectFrom('blade_menu').select('id').execute()) {
    const found = MENU_ID_RE.exec(String(row.id));
    if (found) taken.add(Number(found[1]));
  }
  const parentRow = parent ? Number(MENU_ID_RE.exec(String(parent.id))?.[1] ?? NaN) : NaN;
  const candidates: number[] = [];
  if (Number.isInteger(parentRow) && parentRow % 100 === 0) for (let r = parentRow + 10; r < parentRow + 100; r += 10) candidates.push(r);
  for (let r = SPARE_ROWS.from; r <= SPARE_ROWS.to; r += 10) candidates.push(r);
  const row = candidates.find((r) => Array.from({ length: buttons + 1 }, (_, i) => r + i).every((x) => !taken.has(x))) ?? SPARE_ROWS.to;
  const siblings = await db.selectFrom('blade_menu').select((eb) => eb.fn.max('sort').as('sort'))
    .where('parent_id', '=', parent ? String(parent.id) : '0').where('category', '=', 1).where('is_deleted', '=', 0).executeTakeFirst();
  return {
    parentCode: parent ? String(parent.code) : null,
    parentName: parent ? { zh: String(parent.name), en: String(parent.name_en ?? parent.name) } : null,
    row, sort: Number(siblings?.sort ?? 0) + 1, path: webPath, source: MENU_ICON,
  };
}

/** Where each dictionary code lives: the shipped ones, then those the database holds. */
async function dictionaryPlaces(db: Db): Promise<(code: string) => DictionaryPlace> {
  const system = new Set(SYSTEM_DICTIONARIES.map((d) => d.code));
  const biz = new Set(BUSINESS_DICTIONARIES.map((d) => d.code));
  for (const row of await db.selectFrom('blade_dict').select('code').distinct().where('parent_id', '=', '0').where('is_deleted', '=', 0).execute()) system.add(String(row.code));
  for (const row of await db.selectFrom('blade_dict_biz').select('code').distinct().where('parent_id', '=', '0').where('is_deleted', '=', 0).execute()) biz.add(String(row.code));
  return (code) => (system.has(code) ? { code, source: 'system', missing: false } : { code, source: 'biz', missing: !biz.has(code) });
}

/** The unique indexes of the source table (read when the data source answers; none otherwise). */
async function sourceIndexes(guard: OutboundGuard, datasource: JsonRecord | null, table: string, lang: Lang, notes: Text[]): Promise<SourceIndex[]> {
  if (!datasource) return [];
  try {
    return await withConnection(guard, settingsOf(datasource), lang, async (c) => (await c.table(table))?.indexes ?? []);
  } catch {
    notes.push(t('数据源无法连接，未读取唯一索引', 'The data source did not answer: its unique indexes are not read'));
    return [];
  }
}

/** The file stem of the definition: the table without its prefix, in kebab case. */
const fileOf = (table: string, prefix: string | null): string => {
  const stem = prefix && table.startsWith(prefix) && table.length > prefix.length ? table.slice(prefix.length) : table;
  return stem.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'entity';
};

/** What was checked before anything is generated: refuses a setting the files could not be made from. */
function refuseTaken(name: string, table: string, apiBase: string): void {
  if (ENTITIES.some((e) => e.name === name || e.permission === name)) throw badRequest(DEVELOP_MSG.entityTaken, { name });
  const owner = ENTITIES.find((e) => e.table === table);
  if (owner) throw badRequest(DEVELOP_MSG.tableTaken, { name: table, entity: owner.name });
  if (ENTITIES.some((e) => e.api?.base === apiBase)) throw badRequest(DEVELOP_MSG.pathTaken, { name: apiBase });
}

/** The plan of the entity a code setting generates, read from the setting, its model and the model's fields. */
/** `outbound` checks the data source's address (without one: no internal address is allowed). */
export async function planEntity(deps: { db: Db; repository: EntityRepository; outbound?: OutboundGuard }, code: JsonRecord, lang: Lang): Promise<{ plan: EntityPlan; notes: Text[] }> {
  const { db, repository } = deps;
  const notes: Text[] = [];
  const template = String(code.templateType ?? '').trim();
  if (template !== '' && template !== 'crud') throw badRequest(DEVELOP_MSG.badTemplate);
  const pk = String(code.pkName ?? '').trim();
  if (pk !== '' && pk !== 'id') throw badRequest(DEVELOP_MSG.badPk);
  const model = await repository.findById(modelEntity, ALL, String(code.modelId));
  if (!model) throw badRequest(DEVELOP_MSG.modelMissing);
  const prototypes = await repository.all(modelPrototypeEntity, ALL, [{ field: 'modelId', op: 'equal', value: String(model.id) }]);
  if (prototypes.length === 0) throw badRequest(DEVELOP_MSG.noFields, { name: String(model.modelName) });
  const name = String(model.modelCode);
  const table = String(code.tableName);
  const apiBase = String(code.apiPath);
  refuseTaken(name, table, apiBase);
  if (await db.selectFrom('blade_menu').select('id').where('code', '=', name).where('is_deleted', '=', 0).executeTakeFirst()) {
    throw badRequest(DEVELOP_MSG.entityTaken, { name });
  }
  const dictionary = await dictionaryPlaces(db);
  const reference = (entity: string): FieldPlan['ref'] => {
    const found = ENTITIES.find((e) => e.name === entity);
    return found ? { entity: found.name, table: found.table, tenant: found.scope === 'tenant', label: found.label } : undefined;
  };
  const fields = prototypes.map((p) => planField(p, { dictionary, reference }, notes)).filter((f): f is FieldPlan => f !== null);
  const byColumn = new Map(fields.map((f) => [f.jdbcName.toLowerCase(), f]));
  const datasource = await repository.findById(datasourceEntity, ALL, String(model.datasourceId));
  const unique: EntityPlan['unique'] = [];
  for (const index of await sourceIndexes(deps.outbound ?? new OutboundGuard(), datasource, String(model.modelTable), lang, notes)) {
    const mapped = index.columns.map((c) => byColumn.get(c.toLowerCase()));
    if (!index.unique || mapped.length === 0 || mapped.some((f) => !f || f.kind !== 'text')) continue;
    const labels = (mapped as FieldPlan[]).map((f) => f.label);
    unique.push({
      fields: (mapped as FieldPlan[]).map((f) => f.name),
      message: { zh: `${labels.map((l) => l.zh).join('、')}已存在`, en: `This ${labels.map((l) => l.en.toLowerCase()).join(' and ')} already exists` },
    });
  }
  const visible = fields.filter((f) => f.kind === 'text' && !f.options.some(([k, v]) => k === 'form' && v === 'hidden'));
  const titleField = (visible.find((f) => f.options.some(([k]) => k === 'required')) ?? visible[0])?.name ?? null;
  const label = { zh: String(code.codeName), en: String(code.codeNameEn ?? '').trim() || String(code.codeName) };
  const numbers = migrationNames().map((n) => Number(n.slice(0, 3)));
  const file = fileOf(table, (code.tablePrefix as string | null) ?? null);
  const migration = `${String(Math.max(0, ...numbers) + 1).padStart(3, '0')}-${file}`;
  const plan: EntityPlan = {
    name, exportName: `${name}Entity`, pascal: pascal(name), label, table, apiBase, packageName: String(code.packageName), file, fields, unique, titleField,
    menu: await planMenu(db, String(code.webPath), 4), migration,
    from: { modelName: String(model.modelName), table: String(model.modelTable), datasource: String(datasource?.name ?? model.datasourceId) },
    author: (code.author as string | null) || null,
  };
  return { plan, notes };
}

/** The files of a plan, as `system` asks: every part, or the definition's, the server's or the web's alone. */
export function filesOf(plan: EntityPlan, system: GenSystem): GeneratedFile[] {
  const domain = `packages/domain/src`;
  const definition = `${domain}/entities/${plan.packageName}/${plan.file}.ts`;
  const hooked = plan.fields.some((f) => f.ref);
  const hooksFile = `apps/api/src/modules/${plan.packageName}/${plan.file}-hooks.ts`;
  const hooksName = plan.exportName.replace(/Entity$/, 'Hooks');
  const parts: Record<Exclude<GenSystem, 'all'>, GeneratedFile[]> = {
    domain: [
      { path: definition, kind: 'file', role: 'definition', content: definitionSource(plan) },
      { path: `${domain}/entities/registry.ts`, kind: 'addition', role: 'registry', afterLast: 'import ', content: `import { ${plan.exportName} } from './${plan.packageName}/${plan.file}.js';\n` },
      { path: `${domain}/entities/registry.ts`, kind: 'addition', role: 'registry', before: '] as const satisfies', content: `  ${plan.exportName},\n` },
      { path: `${domain}/index.ts`, kind: 'addition', role: 'index', content: `export { ${plan.exportName} } from './entities/${plan.packageName}/${plan.file}.js';\n` },
    ],
    api: [
      { path: `apps/api/src/db/migrations/${plan.migration}.ts`, kind: 'file', role: 'migration', content: migrationSource(plan) },
      { path: 'apps/api/src/db/migrate.ts', kind: 'addition', role: 'migrations', afterLast: 'import * as ', content: `import * as ${plan.name}Table from './migrations/${plan.migration}.js';\n` },
      { path: 'apps/api/src/db/migrate.ts', kind: 'addition', role: 'migrations', before: '] as const;', content: `  [${`'${plan.migration}'`}, ${plan.name}Table],\n` },
      {
        path: 'apps/api/src/seed/menu-tree.ts', kind: 'addition', role: 'menu', content: `${menuSeedSource(plan, plan.menu.parentCode ? '      ' : '  ')}\n`,
        underMenu: plan.menu.parentCode,
      },
      ...(hooked ? [
        { path: hooksFile, kind: 'file' as const, role: 'hooks' as const, content: hooksSource(plan) },
        { path: 'apps/api/src/services.ts', kind: 'addition' as const, role: 'services' as const, afterLast: 'import ', content: `import { ${hooksName} } from './modules/${plan.packageName}/${plan.file}-hooks.js';\n` },
        { path: 'apps/api/src/services.ts', kind: 'addition' as const, role: 'services' as const, before: '  ]);', content: `    ['${plan.name}', ${hooksName}()],\n` },
      ] : []),
    ],
    web: [
      { path: `apps/web/src/pages/${plan.packageName}/${plan.pascal}Page.tsx`, kind: 'file', role: 'page', content: pageSource(plan) },
      { path: 'apps/web/src/pages/menu-pages.ts', kind: 'addition', role: 'pages', before: '};', content: `  ${plan.name}: page(() => import('./${plan.packageName}/${plan.pascal}Page')),\n` },
    ],
  };
  return system === 'all' ? [...parts.domain, ...parts.api, ...parts.web] : parts[system];
}

/** What the files alone do not say: where the menu goes, under which migration number, what changed. */
function planNotes(plan: EntityPlan, notes: Text[]): Text[] {
  const parent = plan.menu.parentName;
  return [
    t(`菜单“${plan.label.zh}”（${plan.name}，${plan.menu.path}）${parent ? `位于“${parent.zh}”之下` : '位于顶层'}，行号 ${plan.menu.row}，按钮 ${plan.name}_add、${plan.name}_edit、${plan.name}_delete、${plan.name}_view；超级管理员即可使用，其他角色在角色管理中授权`,
      `The menu “${plan.label.en}” (${plan.name}, ${plan.menu.path}) goes ${parent ? `under “${parent.en}”` : 'at the top'} at row ${plan.menu.row}, with the buttons ${plan.name}_add, ${plan.name}_edit, ${plan.name}_delete and ${plan.name}_view; the super administrator holds them, other roles are granted them under Roles`),
    t(`迁移编号 ${plan.migration.slice(0, 3)} 为当前最大编号加一；若已被占用，请改用空闲编号`, `The migration number ${plan.migration.slice(0, 3)} follows the highest one here; if it is taken by then, use a free one`),
    ...notes,
  ];
}

/** The answer of `gen-code` for one code setting, in the caller's language. */
export async function generateCode(deps: { db: Db; repository: EntityRepository; outbound?: OutboundGuard }, codeId: string, system: GenSystem, lang: Lang): Promise<GeneratedCode> {
  const code = await deps.repository.findById(codeEntity, ALL, codeId);
  if (!code) throw notFound();
  const { plan, notes } = await planEntity(deps, code, lang);
  return {
    codeId, codeName: String(code.codeName), entity: plan.name,
    files: filesOf(plan, system),
    notes: planNotes(plan, notes).map((n) => n[lang]),
  };
}

/**
 * An addition applied to a file's text: before the first line starting with `before`, after the last
 * line starting with `afterLast`, else at the end. An addition placed by hand (`underMenu`) leaves it as it is.
 */
export function applyAddition(source: string, file: GeneratedFile): string {
  if (file.underMenu !== undefined) return source;
  const lines = source.split('\n');
  const at = file.before !== undefined ? lines.findIndex((l) => l.startsWith(file.before as string))
    : file.afterLast !== undefined ? lines.map((l, i) => (l.startsWith(file.afterLast as string) ? i : -1)).filter((i) => i >= 0).pop()! + 1
      : -1;
  const added = file.content.replace(/\n$/, '').split('\n');
  if (at < 0 || Number.isNaN(at)) return `${source.replace(/\n?$/, '\n')}${file.content}`;
  lines.splice(at, 0, ...added);
  return lines.join('\n');
}
