import type { EntityDef } from './entity.js';
import { t } from './text.js';

/**
 * Field-level permissions (JeecgBoot's 表单权限, decisions 320–322): a role may have a field of an
 * entity hidden (never answered, never written) or read-only (answered, never changed).
 */
export const FIELD_MODES = ['hidden', 'readonly'] as const;
export type FieldMode = (typeof FIELD_MODES)[number];

/** One rule of a role: the entity by name, its field, and the mode. */
export interface FieldRule {
  entity: string;
  field: string;
  mode: FieldMode;
}

/** A caller's restricted fields, by entity name then field name (`GET /blade-system/menu/field-rules`). */
export type FieldRuleMap = Record<string, Record<string, FieldMode>>;

export const isFieldMode = (value: unknown): value is FieldMode => FIELD_MODES.includes(value as FieldMode);

export const FIELD_PERMISSION_MSG = {
  readonly: t('{label}为只读字段，您不能修改', '{label} is read-only for you: it cannot be changed'),
  hidden: t('{label}对您不可见，不能填写', '{label} is hidden from you: it cannot be filled in'),
  hiddenQuery: t('不能按您不可见的字段{label}查询或排序', 'You cannot filter or sort by {label}: it is hidden from you'),
  hiddenBulk: t('{label}对您不可见或只读，不能批量修改', '{label} is hidden from you or read-only: it cannot be changed in bulk'),
  badEntity: t('没有名为 {entity} 的业务对象', 'There is no entity named {entity}'),
  badField: t('{entity} 没有字段 {field}', '{entity} has no field {field}'),
  badMode: t('字段权限只能是 hidden（隐藏）或 readonly（只读）', 'A field rule is hidden or readonly'),
  entityNotHeld: t('不能为未持有菜单的业务对象设置字段权限', 'You cannot set field rules of an entity whose menu you do not hold'),
} as const;

/** The fields of an entity a role's rules may name: every field of its definition. */
export const restrictableFields = (entity: EntityDef): string[] => Object.keys(entity.fields);
