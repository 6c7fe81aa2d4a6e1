import { defineEntity } from '../../entity.js';
import { fk, text, textarea } from '../../fields.js';
import { t } from '../../text.js';

/**
 * Data models (BladeX `blade_model`, platform-wide): a table of a data source, named as the entity
 * the code generator makes of it. `modelCode` becomes the entity's name (and its menu code),
 * `modelClass` the stem of its definition's name; both default from the table.
 */
export const modelEntity = defineEntity({
  name: 'model',
  label: t('数据模型', 'Data model'),
  table: 'blade_model',
  scope: 'platform',
  permission: 'model',
  api: { base: '/blade-develop/model' },
  fields: {
    datasourceId: fk(t('数据源', 'Data source'), {
      required: true, list: true, search: 'equal', ref: 'datasource', width: 160,
      options: { url: '/blade-develop/datasource/select', shape: 'list', labelKey: 'name', valueKey: 'id' },
    }),
    modelName: text(t('模型名称', 'Model name'), { required: true, max: 64, list: true, search: 'like', width: 160 }),
    modelCode: text(t('模型编号', 'Model code'), { required: true, max: 64, list: true, search: 'like', width: 160 }),
    modelTable: text(t('物理表名', 'Table'), { required: true, max: 64, list: true, search: 'like', width: 180 }),
    modelClass: text(t('模型类名', 'Class name'), { max: 64, list: true, width: 140 }),
    modelRemark: textarea(t('模型备注', 'Remark'), { max: 255 }),
  },
  unique: [{ fields: ['modelCode'], message: t('模型编号已存在', 'This model code already exists') }],
  titleField: 'modelName',
});
