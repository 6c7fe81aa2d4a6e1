import { defineEntity } from '../../entity.js';
import { t } from '../../text.js';
import { DICT_MSG, dictionaryFields } from './dictionary-fields.js';

/** Business dictionaries: value lists each tenant keeps and may extend. */
export const dictBizEntity = defineEntity({
  name: 'dict-biz',
  label: t('业务字典', 'Business dictionary'),
  table: 'blade_dict_biz',
  scope: 'tenant',
  permission: 'dictbiz',
  api: { base: '/blade-system/dict-biz', listShape: 'tree' },
  fields: dictionaryFields('/blade-system/dict-biz/tree'),
  defaultSort: [{ field: 'sort' }, { field: 'createTime' }],
  unique: [{ fields: ['code', 'dictKey'], message: DICT_MSG.duplicateKey }],
  titleField: 'dictValue',
});
