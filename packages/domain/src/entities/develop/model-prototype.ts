import { defineEntity } from '../../entity.js';
import { fk, flag, text } from '../../fields.js';
import { t } from '../../text.js';

/**
 * The fields of a data model (BladeX `blade_model_prototype`): one per column of its table, with how
 * the generated entity shows it. `propertyType` holds this product's field kind (`text`, `dict`, …;
 * BladeX's Java types are read too), `comment` the Chinese label and `commentEn` *(added)* the English
 * one, `queryType` the search (`like`, `equal`, `in`, `range`), `isRow` a field that spans the form's
 * width, `propertyEntity` the entity an id field refers to.
 */
export const modelPrototypeEntity = defineEntity({
  name: 'model-prototype',
  label: t('模型字段', 'Model field'),
  table: 'blade_model_prototype',
  scope: 'platform',
  permission: 'model',
  buttonCodes: { add: 'model_design', edit: 'model_design', remove: 'model_design', view: 'model_view' },
  api: { base: '/blade-develop/model-prototype' },
  fields: {
    modelId: fk(t('数据模型', 'Data model'), {
      required: true, list: true, search: 'equal', ref: 'model', form: 'create-only',
      options: { url: '/blade-develop/model/select', shape: 'list', labelKey: 'modelName', valueKey: 'id' },
    }),
    jdbcName: text(t('列名', 'Column'), { required: true, max: 64, list: true, search: 'like' }),
    jdbcType: text(t('列类型', 'Column type'), { max: 64, list: true }),
    comment: text(t('中文名', 'Chinese label'), { max: 255, list: true }),
    commentEn: text(t('英文名', 'English label'), { max: 255, list: true }),
    propertyType: text(t('字段类型', 'Field kind'), { max: 64, list: true }),
    propertyEntity: text(t('关联实体', 'Refers to'), { max: 255 }),
    propertyName: text(t('属性名', 'Property'), { required: true, max: 64, list: true }),
    isList: flag(t('列表显示', 'In list'), { list: true }),
    isForm: flag(t('表单显示', 'In form'), { list: true }),
    isRow: flag(t('独占一行', 'Full row')),
    componentType: text(t('组件类型', 'Component'), { max: 32 }),
    dictCode: text(t('字典编号', 'Dictionary'), { max: 64 }),
    isRequired: flag(t('必填', 'Required'), { list: true }),
    isQuery: flag(t('查询条件', 'Searchable'), { list: true }),
    queryType: text(t('查询方式', 'Search'), { max: 32 }),
  },
  unique: [
    { fields: ['modelId', 'jdbcName'], message: t('该模型已有此列', 'The model already has this column') },
    { fields: ['modelId', 'propertyName'], message: t('该模型已有此属性名', 'The model already has this property') },
  ],
  titleField: 'propertyName',
  // A model's fields in the order they were saved (the id breaks the tie).
  defaultSort: [{ field: 'modelId' }],
});
