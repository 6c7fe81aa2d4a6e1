import { flag, fk, integer, text } from '../../fields.js';
import { t } from '../../text.js';

/**
 * The shape shared by the system dictionary and the business dictionary. A dictionary is a parent
 * row (parentId 0, dictKey -1) with one child row per entry; children inherit the parent's code.
 */
export const dictionaryFields = (treeUrl: string) => ({
  parentId: fk(t('上级字典', 'Parent dictionary'), {
    default: '0', form: 'create-only', list: true, width: 140,
    options: { url: treeUrl, shape: 'tree' },
  }),
  code: text(t('字典编号', 'Code'), {
    required: true, max: 255, list: true, search: 'like', trigger: 'blur',
    requiredMessage: t('请输入字典编号', 'Please input the dictionary code'),
  }),
  dictValue: text(t('字典名称', 'Name'), {
    required: true, max: 255, list: true, search: 'like', trigger: 'blur',
    requiredMessage: t('请输入字典名称', 'Please input the dictionary name'),
  }),
  dictKey: text(t('字典键值', 'Key'), {
    max: 255, list: true, search: 'equal', trigger: 'blur',
    requiredMessage: t('请输入字典键值', 'Please input the dictionary key value'),
  }),
  sort: integer(t('字典排序', 'Sort'), {
    required: true, min: -99999, max: 99999, list: true, sortable: true, trigger: 'blur', width: 90,
    requiredMessage: t('请输入字典排序', 'Please input the dictionary sort'),
  }),
  isSealed: flag(t('封存', 'Sealed'), {
    required: true, list: true, search: 'equal', trigger: 'blur', width: 90,
    requiredMessage: t('请选择封存', 'Please select sealed'),
  }),
  remark: text(t('字典备注', 'Remark'), { max: 255, list: true }),
});

/** Messages of the dictionary rules the server enforces. */
export const DICT_MSG = {
  duplicateKey: t('当前字典键值已存在!', 'This dictionary key already exists!'),
  keyRequired: t('请输入字典键值', 'Please input the dictionary key value'),
  parentMissing: t('上级字典不存在', 'The parent dictionary does not exist'),
  hasChildren: t('请先删除子节点!', 'Please delete the child entries first!'),
  notParent: t('只能在字典下添加字典项', 'Entries can only be added under a dictionary'),
  drivesBehaviour: t('“{value}”由系统业务使用，不能删除或修改键值', '“{value}” is used by the system: it cannot be removed nor its key changed'),
};
