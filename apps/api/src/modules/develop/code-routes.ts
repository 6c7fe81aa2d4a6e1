import {
  DEVELOP_MSG, DEVELOP_PATHS, GEN_SYSTEMS, codeEntity, parseIds, parseSubmit, t,
  type GenSystem, type GeneratedCode, type GeneratedFile, type Text,
} from '@alumni/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import yazl from 'yazl';
import { requireCaller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest, invalidFields, notFound } from '../../core/errors.js';
import { requireIds } from '../../engine/entity-operations.js';
import { generateCode } from './codegen/generate-code.js';

const ALL = { tenantId: null };
const tags = [`${codeEntity.label.en} (${codeEntity.label.zh})`];
const CODES = { gen: 'code_gen', copy: 'code_copy' } as const;

/** The query's, else the body's, value of a parameter (BladeX sends `@RequestParam`s either way). */
const param = (req: FastifyRequest, name: string): unknown =>
  (req.query as Record<string, unknown>)[name] ?? (req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>)[name] : undefined);

/** `system`: which parts to generate; BladeX's front-end styles (`saber`, `sword`, `element`) mean all of them. */
function systemOf(raw: unknown): GenSystem {
  const value = raw === undefined || raw === null || raw === '' ? 'all' : String(raw).toLowerCase();
  if (['saber', 'sword', 'element'].includes(value)) return 'all';
  if (!(GEN_SYSTEMS as readonly string[]).includes(value)) throw badRequest(DEVELOP_MSG.badSystem);
  return value as GenSystem;
}

/** Where an addition goes, in both languages. */
function whereOf(file: GeneratedFile): Text {
  if (file.underMenu !== undefined) {
    return file.underMenu === null ? t('加入 MENU_TREE 的顶层', 'Add to the top level of MENU_TREE')
      : t(`加入 MENU_TREE 中菜单 ${file.underMenu} 的 children`, `Add to the children of the menu ${file.underMenu} in MENU_TREE`);
  }
  if (file.before !== undefined) return t(`加在第一行以“${file.before}”开头的行之前`, `Add before the first line starting with “${file.before}”`);
  if (file.afterLast !== undefined) return t(`加在最后一行以“${file.afterLast}”开头的行之后`, `Add after the last line starting with “${file.afterLast}”`);
  return t('加在文件末尾', 'Add at the end of the file');
}

/** The notes and the additions of the generated code, as a text for the zip file. */
function readme(list: GeneratedCode[], lang: 'zh' | 'en'): string {
  const out: string[] = [];
  for (const code of list) {
    out.push(`# ${code.codeName} (${code.entity})`, '', ...code.notes.map((n) => `- ${n}`), '');
    for (const file of code.files.filter((f) => f.kind === 'addition')) {
      out.push(`## ${file.path}`, '', whereOf(file)[lang], '', '```ts', file.content.replace(/\n$/, ''), '```', '');
    }
  }
  return out.join('\n');
}

/**
 * The code setting calls beyond the standard ones (BladeX's code controller): copying a setting, and
 * the generated files of settings, answered (`gen-code`) or as one zip file (`gen-code-zip`, added).
 */
export function registerCodeRoutes(app: FastifyInstance): void {
  const { operations: ops, repository, access, database } = app.services;

  /** The settings named by `ids`, generated for a caller holding `code_gen`. */
  const generated = async (req: FastifyRequest): Promise<GeneratedCode[]> => {
    const caller = requireCaller(req.caller);
    ops.scopeOf(codeEntity, caller);
    await access.require(caller, CODES.gen);
    const system = systemOf(param(req, 'system'));
    const ids = requireIds(parseIds(param(req, 'ids')));
    const out: GeneratedCode[] = [];
    for (const id of ids) out.push(await generateCode({ db: database.db, repository, outbound: app.services.outbound }, id, system, req.lang));
    return out;
  };

  const genSchema = {
    tags, querystring: {
      type: 'object', required: ['ids'],
      properties: { ids: { type: 'string', description: 'comma-joined code setting ids' }, system: { type: 'string', enum: [...GEN_SYSTEMS, 'saber', 'sword', 'element'], description: 'the parts to generate (default all)' } },
    },
  };
  app.post(DEVELOP_PATHS.genCode, { schema: { ...genSchema, summary: 'The files generated from code settings: the definition, its registry line, the migration with the menu, the page (code_gen)' } },
    async (req) => ok(await generated(req), req.lang));

  app.get(DEVELOP_PATHS.genCodeZip, { schema: { ...genSchema, summary: 'The generated files of code settings as one zip file, with a README of the notes and the lines to add (code_gen)' } },
    async (req, reply) => {
      const list = await generated(req);
      const zip = new yazl.ZipFile();
      const written = new Set<string>();
      for (const file of list.flatMap((c) => c.files).filter((f) => f.kind === 'file')) {
        if (written.has(file.path)) continue;
        written.add(file.path);
        zip.addBuffer(Buffer.from(file.content, 'utf8'), file.path);
      }
      zip.addBuffer(Buffer.from(readme(list, req.lang), 'utf8'), 'README.md');
      zip.end();
      const name = list.length === 1 ? `${list[0]!.entity}.zip` : 'generated-code.zip';
      reply.header('content-type', 'application/zip');
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
      return reply.send(zip.outputStream);
    });

  app.post(DEVELOP_PATHS.codeCopy, {
    schema: {
      tags, summary: 'Copies a code setting under a new module name (given, or the old one with -copy) (code_copy)',
      querystring: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, codeName: { type: 'string' } } },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    ops.scopeOf(codeEntity, caller);
    await access.require(caller, CODES.copy);
    const [id] = requireIds(parseIds(param(req, 'id')));
    const source = await repository.findById(codeEntity, ALL, id as string);
    if (!source) throw notFound();
    const wanted = String(param(req, 'codeName') ?? '').trim();
    const max = (codeEntity.fields.codeName as { max: number }).max;
    const codeName = wanted || `${String(source.codeName)}-copy`.slice(0, max);
    const body = Object.fromEntries(Object.keys(codeEntity.fields).map((name) => [name, source[name] ?? null]));
    const plan = await ops.planWrite(codeEntity, caller, req.lang);
    const parsed = parseSubmit(codeEntity, { ...body, codeName }, req.lang);
    if (!parsed.ok) throw invalidFields(parsed.errors);
    // Columns the form never shows (BladeX's tree and sub-table settings) are copied as stored.
    const hidden = Object.fromEntries(Object.entries(codeEntity.fields).filter(([, f]) => f.form === 'hidden').map(([name]) => [name, source[name] ?? null]));
    const copied = await database.db.transaction().execute((tx) => ops.writeRow(plan, tx, { id: null, values: { ...parsed.values, ...hidden } as typeof parsed.values }, body));
    await ops.withDisplayNames(codeEntity, caller, [copied]);
    return ok(copied, req.lang);
  });
}
