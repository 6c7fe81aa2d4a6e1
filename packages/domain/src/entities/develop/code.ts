import { defineEntity } from '../../entity.js';
import { fk, integer, text } from '../../fields.js';
import { t } from '../../text.js';

/**
 * Code settings (BladeX `blade_code`): how an entity is generated from a data model. The generator
 * writes this product's own files — the definition, its registry line, a migration making the table
 * and the menu, the page — so `codeName`/`codeNameEn` *(added)* are the entity's labels,
 * `packageName` its folder under `entities/`, `tableName` its table here, `tablePrefix` what the file
 * name leaves off the table, `apiPath` its API base and `webPath` its menu path. BladeX's tree,
 * sub-table and style columns are kept as they were stored.
 */
export const codeEntity = defineEntity({
  name: 'code',
  label: t('代码生成', 'Code generation'),
  table: 'blade_code',
  scope: 'platform',
  permission: 'code',
  api: { base: '/blade-develop/code' },
  fields: {
    modelId: fk(t('数据模型', 'Data model'), {
      required: true, list: true, search: 'equal', ref: 'model', width: 150,
      options: { url: '/blade-develop/model/select', shape: 'list', labelKey: 'modelName', valueKey: 'id' },
    }),
    codeName: text(t('模块名称', 'Module name'), { required: true, max: 64, list: true, search: 'like', width: 150 }),
    codeNameEn: text(t('英文名称', 'English name'), { max: 64, list: true, width: 150 }),
    serviceName: text(t('服务名称', 'Service name'), { required: true, max: 64, list: true, width: 140 }),
    tableName: text(t('表名', 'Table'), { required: true, max: 64, list: true, search: 'like', width: 160 }),
    tablePrefix: text(t('表前缀', 'Table prefix'), { max: 32 }),
    pkName: text(t('主键名', 'Primary key'), { max: 32, default: 'id' }),
    packageName: text(t('包名', 'Package'), { required: true, max: 64, list: true, width: 120 }),
    templateType: text(t('模板类型', 'Template'), { max: 16, form: 'hidden' }),
    author: text(t('作者', 'Author'), { max: 64 }),
    subModelId: text(t('子表模型', 'Sub-table model'), { max: 64, form: 'hidden' }),
    subFkId: text(t('子表外键', 'Sub-table key'), { max: 64, form: 'hidden' }),
    treeId: text(t('树主键', 'Tree key'), { max: 64, form: 'hidden' }),
    treePid: text(t('树父主键', 'Tree parent key'), { max: 64, form: 'hidden' }),
    treeName: text(t('树名称', 'Tree name'), { max: 64, form: 'hidden' }),
    baseMode: integer(t('基础业务模式', 'Base mode'), { form: 'hidden' }),
    wrapMode: integer(t('包装器模式', 'Wrapper mode'), { form: 'hidden' }),
    feignMode: integer(t('远程调用模式', 'Feign mode'), { form: 'hidden' }),
    codeStyle: text(t('代码风格', 'Code style'), { max: 32, form: 'hidden' }),
    apiPath: text(t('接口路径', 'API path'), { required: true, max: 255, list: true, wide: true }),
    webPath: text(t('菜单路径', 'Menu path'), { required: true, max: 255, list: true, wide: true }),
  },
  titleField: 'codeName',
});
