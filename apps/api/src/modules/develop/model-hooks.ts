import { DEVELOP_MSG, codeEntity, datasourceEntity, modelEntity, modelPrototypeEntity, type EntityDef, type Lang, type SubmitValues } from '@alumni/domain';
import { badRequest } from '../../core/errors.js';
import { now } from '../../core/time.js';
import type { EntityHooks, WriteContext } from '../../engine/entity-hooks.js';

/** A table or column name: letters, digits and underscores, starting with a letter or underscore. */
export const IDENTIFIER_RE = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** An entity's name or a property: letters and digits, starting with a lower-case letter. */
export const CODE_RE = /^[a-z][A-Za-z0-9]*$/;
/** A class name stem: letters and digits, starting with a letter. */
const CLASS_RE = /^[A-Za-z][A-Za-z0-9]*$/;
/** An API or menu path: `/segment/segment`. */
export const PATH_RE = /^(\/[A-Za-z0-9_-]+)+$/;
/** A folder of the generated files: lower-case letters, digits and `-`. */
export const PACKAGE_RE = /^[a-z][a-z0-9-]*$/;

/** Refuses a value that does not have the shape `re` asks, naming the field. */
export function checkShape(entity: EntityDef, values: Readonly<SubmitValues>, name: string, re: RegExp, lang: Lang): void {
  const value = values[name];
  if (value === undefined || value === null || value === '' || re.test(String(value))) return;
  const label = entity.fields[name]!.label;
  const message = re === CODE_RE ? DEVELOP_MSG.badCode : re === PATH_RE ? DEVELOP_MSG.badPath : re === PACKAGE_RE ? DEVELOP_MSG.badPackage : DEVELOP_MSG.badIdentifier;
  throw badRequest(message, { label: label[lang] }, { errors: { [name]: message[lang].replace('{label}', label[lang]) } });
}

/** Whether a live row of `entity` has this id, read in the write's transaction. */
export async function live(ctx: Pick<WriteContext, 'db'>, entity: EntityDef, id: unknown): Promise<boolean> {
  if (id === undefined || id === null || id === '') return false;
  return !!(await ctx.db.selectFrom(entity.table).select('id').where('id', '=', String(id)).where('is_deleted', '=', 0).executeTakeFirst());
}

/** Refuses a reference to a row that is not there (a model's data source, a field's model), naming the field. */
export async function requireLive(ctx: WriteContext, values: Readonly<SubmitValues>, name: string, entity: EntityDef, message: typeof DEVELOP_MSG.modelMissing): Promise<void> {
  if (!(name in values) || await live(ctx, entity, values[name])) return;
  throw badRequest(message, {}, { errors: { [name]: message[ctx.lang] } });
}

/** The entities whose rows name a model (`model_id`): a named model is not removed. */
const USERS: readonly EntityDef[] = [codeEntity];

/**
 * A model names a live data source; its code, table and class have the shapes the generator needs.
 * Removing a model removes its fields; a model a code setting names stays.
 */
export function modelHooks(): EntityHooks {
  return {
    async beforeSave(ctx, values) {
      checkShape(modelEntity, values, 'modelCode', CODE_RE, ctx.lang);
      checkShape(modelEntity, values, 'modelTable', IDENTIFIER_RE, ctx.lang);
      checkShape(modelEntity, values, 'modelClass', CLASS_RE, ctx.lang);
      await requireLive(ctx, values, 'datasourceId', datasourceEntity, DEVELOP_MSG.datasourceMissing);
    },
    async beforeRemove(ctx, rows) {
      const ids = rows.map((r) => String(r.id));
      for (const entity of USERS) {
        const used = await ctx.db.selectFrom(entity.table).select('model_id').where('model_id', 'in', ids).where('is_deleted', '=', 0).limit(1).executeTakeFirst();
        if (used) {
          const name = rows.find((r) => String(r.id) === String(used.model_id))?.modelName;
          throw badRequest(DEVELOP_MSG.modelInUse, { name: String(name ?? '') });
        }
      }
      await ctx.db.updateTable(modelPrototypeEntity.table).set({ is_deleted: 1, update_user: ctx.caller.userId, update_time: now() }).where('model_id', 'in', ids).where('is_deleted', '=', 0).execute();
    },
  };
}

/** A field names a live model, and has a column name and a property name of the shapes the generator needs. */
export function prototypeHooks(): EntityHooks {
  return {
    async beforeSave(ctx, values) {
      checkShape(modelPrototypeEntity, values, 'jdbcName', IDENTIFIER_RE, ctx.lang);
      checkShape(modelPrototypeEntity, values, 'propertyName', CODE_RE, ctx.lang);
      await requireLive(ctx, values, 'modelId', modelEntity, DEVELOP_MSG.modelMissing);
    },
  };
}

/** A code setting names a live model, and has a table, package and paths of the shapes the files need. */
export function codeHooks(): EntityHooks {
  return {
    async beforeSave(ctx, values) {
      checkShape(codeEntity, values, 'tableName', IDENTIFIER_RE, ctx.lang);
      checkShape(codeEntity, values, 'tablePrefix', IDENTIFIER_RE, ctx.lang);
      checkShape(codeEntity, values, 'pkName', IDENTIFIER_RE, ctx.lang);
      checkShape(codeEntity, values, 'packageName', PACKAGE_RE, ctx.lang);
      checkShape(codeEntity, values, 'apiPath', PATH_RE, ctx.lang);
      checkShape(codeEntity, values, 'webPath', PATH_RE, ctx.lang);
      await requireLive(ctx, values, 'modelId', modelEntity, DEVELOP_MSG.modelMissing);
    },
  };
}
