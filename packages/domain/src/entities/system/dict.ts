import { defineEntity } from '../../entity.js';
import { t } from '../../text.js';
import { DICT_MSG, dictionaryFields } from './dictionary-fields.js';

/** System dictionaries: platform-wide value lists (sex, notice categories, menu categories ...). */
export const dictEntity = defineEntity({
  name: 'dict',
  label: t('系统字典', 'System dictionary'),
  table: 'blade_dict',
  scope: 'platform',
  permission: 'dict',
  api: { base: '/blade-system/dict', listShape: 'tree' },
  fields: dictionaryFields('/blade-system/dict/tree'),
  defaultSort: [{ field: 'sort' }, { field: 'createTime' }],
  unique: [{ fields: ['code', 'dictKey'], message: DICT_MSG.duplicateKey }],
  titleField: 'dictValue',
});
