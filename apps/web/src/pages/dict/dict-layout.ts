import type { FieldOverrides } from '../../entity/field-overrides';

/** What the specification asks of the two dictionary tables (section 2, "Dictionary pages"). */
export const PARENT_COLUMNS = ['code', 'dictValue', 'sort', 'isSealed', 'remark'] as const;
export const CHILD_COLUMNS = ['code', 'dictValue', 'parentId', 'dictKey', 'sort', 'isSealed', 'remark'] as const;
export const PARENT_SEARCH = ['code', 'dictValue'] as const;
export const CHILD_SEARCH = ['dictValue', 'dictKey'] as const;

/** A dictionary is a parent row: no parent, and its key is set by the server. */
export const PARENT_OVERRIDES: FieldOverrides = { parentId: { hidden: true }, dictKey: { hidden: true } };
export const PARENT_PRESETS = { parentId: '0' };

/** An entry inherits its dictionary's code and parent; its key is required. */
export const childOverrides: FieldOverrides = {
  code: { disabled: true },
  parentId: { disabled: true },
  dictKey: { required: true },
};
