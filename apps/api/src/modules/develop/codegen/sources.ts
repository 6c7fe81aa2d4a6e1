import type { FieldKind, Text } from '@alumni/domain';
import type { FieldPlan, OptionValue } from './field-plan.js';

/** A menu the generated entity gets: under `parentCode` (or at the top), its row number in the menu tree. */
export interface MenuPlan {
  parentCode: string | null;
  parentName: Text | null;
  row: number;
  sort: number;
  path: string;
  source: string;
}

/** Everything the generated files say about the entity. */
export interface EntityPlan {
  /** Registry key and menu code. */
  name: string;
  /** `awardEntity`. */
  exportName: string;
  /** `Award`: the page component's stem. */
  pascal: string;
  label: Text;
  table: string;
  apiBase: string;
  /** Folder under `entities/` and `pages/`. */
  packageName: string;
  /** File stem (`award`, `award-record`). */
  file: string;
  fields: FieldPlan[];
  unique: { fields: string[]; message: Text }[];
  titleField: string | null;
  menu: MenuPlan;
  /** `039-award`. */
  migration: string;
  /** The model it was made from, for the files' comments. */
  from: { modelName: string; table: string; datasource: string };
  author: string | null;
}

/** A TypeScript string literal. */
export const quote = (text: string): string =>
  `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\r/g, '\\r').replace(/\n/g, '\\n').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')}'`;

/** A comment's text: never closes the comment it stands in. */
const commentText = (text: string): string => text.replace(/\*\//g, '* /').replace(/[\r\n]+/g, ' ');

const textOf = (text: Text): string => `t(${quote(text.zh)}, ${quote(text.en)})`;

const option = ([key, value]: [string, OptionValue]): string => `${key}: ${typeof value === 'string' ? quote(value) : String(value)}`;

/** One field as its helper writes it: `awardName: text(t('奖项名称', 'Award name'), { required: true, max: 64 }),`. */
function fieldLine(field: FieldPlan): string {
  const args = [textOf(field.label), ...(field.kind === 'dict' && field.dict ? [quote(field.dict.code)] : [])];
  if (field.options.length > 0) args.push(`{ ${field.options.map(option).join(', ')} }`);
  return `    ${field.name}: ${field.kind}(${args.join(', ')}),`;
}

const HELPERS: readonly FieldKind[] = ['date', 'datetime', 'dict', 'fk', 'flag', 'ids', 'integer', 'money', 'text', 'textarea'];

/** The entity's definition, in the style of `packages/domain/src/entities/**`. */
export function definitionSource(plan: EntityPlan): string {
  const used = HELPERS.filter((kind) => plan.fields.some((f) => f.kind === kind));
  const lines = [
    "import { defineEntity } from '../../entity.js';",
    `import { ${used.join(', ')} } from '../../fields.js';`,
    "import { t } from '../../text.js';",
    '',
    '/**',
    ` * ${commentText(plan.label.zh)} (${commentText(plan.label.en)}), generated from the data model ${commentText(plan.from.modelName)}`,
    ` * (table ${commentText(plan.from.table)} of the data source ${commentText(plan.from.datasource)}).${plan.author ? ` Author: ${commentText(plan.author)}.` : ''}`,
    ' */',
    `export const ${plan.exportName} = defineEntity({`,
    `  name: ${quote(plan.name)},`,
    `  label: ${textOf(plan.label)},`,
    `  table: ${quote(plan.table)},`,
    "  scope: 'tenant',",
    `  permission: ${quote(plan.name)},`,
    `  api: { base: ${quote(plan.apiBase)} },`,
    '  fields: {',
    ...plan.fields.map(fieldLine),
    '  },',
    ...(plan.unique.length > 0 ? [
      '  unique: [',
      ...plan.unique.map((u) => `    { fields: [${u.fields.map(quote).join(', ')}], message: ${textOf(u.message)} },`),
      '  ],',
    ] : []),
    ...(plan.titleField ? [`  titleField: ${quote(plan.titleField)},`] : []),
    '  showCreateTime: true,',
    '});',
    '',
  ];
  return lines.join('\n');
}

/** The menu tree entry (`MenuSeed`): the same text the migration adds to an installed database. */
export function menuSeedSource(plan: EntityPlan, indent: string): string {
  const m = plan.menu;
  return `${indent}{ row: ${m.row}, code: ${quote(plan.name)}, name: ${quote(plan.label.zh)}, nameEn: ${quote(plan.label.en)}, path: ${quote(m.path)}, source: ${quote(m.source)}, sort: ${m.sort}, buttons: crud(${quote(plan.name)}) },`;
}

/** The migration: the table from the definition, and the menu in a database that is already set up. */
export function migrationSource(plan: EntityPlan): string {
  return [
    `import { ${plan.exportName} } from '@alumni/domain';`,
    "import { addMenu } from '../../seed/menu-rows.js';",
    "import { crud } from '../../seed/menu-tree.js';",
    "import type { Db, Dialect } from '../database.js';",
    "import { createEntityTable } from '../entity-table.js';",
    '',
    '/**',
    ` * ${commentText(plan.label.zh)} (${commentText(plan.label.en)}, \`${plan.table}\`) from its definition, and its menu with the buttons`,
    ` * ${plan.name}_add, _edit, _delete and _view ${plan.menu.parentCode ? `under \`${plan.menu.parentCode}\`` : 'at the top'} in a database already set up (a new one takes them from the menu tree).`,
    ' */',
    'export async function up(db: Db, dialect: Dialect): Promise<void> {',
    `  await createEntityTable(db, dialect, ${plan.exportName});`,
    `  await addMenu(db, ${plan.menu.parentCode ? quote(plan.menu.parentCode) : 'null'}, ${menuSeedSource(plan, '').replace(/,$/, '')});`,
    '}',
    '',
  ].join('\n');
}

/** The list page: the generic entity page of the definition. */
export function pageSource(plan: EntityPlan): string {
  return [
    `import { ${plan.exportName} } from '@alumni/domain';`,
    "import { EntityPage } from '../../entity/EntityPage';",
    '',
    `/** ${commentText(plan.label.zh)} (${commentText(plan.label.en)}): the list, search and form of its definition. */`,
    `export default function ${plan.pascal}Page() {`,
    `  return <EntityPage entity={${plan.exportName}} />;`,
    '}',
    '',
  ].join('\n');
}

/** The hooks of an entity whose id fields name other entities: each named row must be a live one (of the tenant). */
export function hooksSource(plan: EntityPlan): string {
  const refs = plan.fields.filter((f) => f.ref);
  return [
    "import { t } from '@alumni/domain';",
    "import { badRequest } from '../../core/errors.js';",
    "import type { EntityHooks } from '../../engine/entity-hooks.js';",
    '',
    '/** The rows the entity names by id: each must be a live row, of the caller\'s tenant for a tenant\'s table. */',
    'const REFERENCES = [',
    ...refs.map((f) => `  { field: ${quote(f.name)}, table: ${quote(f.ref!.table)}, tenant: ${f.ref!.tenant}, message: t(${quote(`${f.label.zh}不存在`)}, ${quote(`The ${f.label.en.toLowerCase()} does not exist`)}) },`),
    '] as const;',
    '',
    `/** ${commentText(plan.label.zh)} (${commentText(plan.label.en)}): the rows it names are there. */`,
    `export function ${plan.exportName.replace(/Entity$/, 'Hooks')}(): EntityHooks {`,
    '  return {',
    '    async beforeSave(ctx, values) {',
    '      for (const ref of REFERENCES) {',
    '        const id = values[ref.field];',
    "        if (id === undefined || id === null || id === '') continue;",
    "        let query = ctx.db.selectFrom(ref.table).select('id').where('id', '=', String(id)).where('is_deleted', '=', 0);",
    "        if (ref.tenant) query = query.where('tenant_id', '=', ctx.caller.tenantId);",
    '        if (!(await query.executeTakeFirst())) throw badRequest(ref.message, {}, { errors: { [ref.field]: ref.message[ctx.lang] } });',
    '      }',
    '    },',
    '  };',
    '}',
    '',
  ].join('\n');
}
