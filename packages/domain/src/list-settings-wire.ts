import { t, type Text } from './text.js';

/**
 * One column of a list as its user set it: shown or hidden, its width in pixels and the side it is
 * pinned to. The array's order is the columns' order.
 */
export interface ListColumnSetting {
  key: string;
  hidden?: boolean;
  width?: number;
  fixed?: 'left' | 'right';
}

/** A user's settings of one list (`GET|POST /blade-user/list-settings`, `POST …/reset`). */
export interface ListSettings {
  listKey: string;
  columns: ListColumnSetting[];
}

export const LIST_SETTINGS_LIMITS = {
  keyLength: 128,
  columns: 100,
  columnKeyLength: 64,
  minWidth: 40,
  maxWidth: 2000,
  /** Lists one user may keep settings of, so a client cannot fill the table. */
  listsPerUser: 500,
} as const;

export const LIST_SETTINGS_MSG = {
  badKey: t('列表标识格式不正确', 'The list key is not valid'),
  tooManyLists: t('已保存的列表设置过多（最多 {max} 个）', 'Too many saved list settings (at most {max})'),
} as const;

const LIST_KEY_RE = /^[A-Za-z0-9_./:#-]+$/;
const COLUMN_KEY_RE = /^[A-Za-z0-9_]+$/;

/** Whether a list key is one the settings may be kept under: a route path and a name. */
export function isListKey(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= LIST_SETTINGS_LIMITS.keyLength && LIST_KEY_RE.test(value);
}

/**
 * Reads a list's column settings, as a client sends them: the columns in order, each named once;
 * answers the settings or what is wrong.
 */
export function readColumnSettings(raw: unknown): { columns: ListColumnSetting[] } | { problem: Text } {
  if (!Array.isArray(raw)) return { problem: t('列设置应为列表', 'The columns must be a list') };
  if (raw.length > LIST_SETTINGS_LIMITS.columns) return { problem: t(`最多 ${LIST_SETTINGS_LIMITS.columns} 列`, `At most ${LIST_SETTINGS_LIMITS.columns} columns`) };
  const seen = new Set<string>();
  const columns: ListColumnSetting[] = [];
  for (const [i, item] of raw.entries()) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return { problem: t(`第 ${i + 1} 列格式不正确`, `Column ${i + 1} is not an object`) };
    const { key, hidden, width, fixed, ...rest } = item as Record<string, unknown>;
    if (Object.keys(rest).length > 0) return { problem: t(`第 ${i + 1} 列含有未知的设置: ${Object.keys(rest).join(', ')}`, `Column ${i + 1} has unknown settings: ${Object.keys(rest).join(', ')}`) };
    if (typeof key !== 'string' || key.length === 0 || key.length > LIST_SETTINGS_LIMITS.columnKeyLength || !COLUMN_KEY_RE.test(key)) {
      return { problem: t(`第 ${i + 1} 列的标识不正确`, `Column ${i + 1} has no valid key`) };
    }
    if (seen.has(key)) return { problem: t(`列 ${key} 出现了两次`, `Column ${key} is named twice`) };
    seen.add(key);
    if (hidden !== undefined && typeof hidden !== 'boolean') return { problem: t(`列 ${key} 的隐藏只能是 true 或 false`, `hidden of ${key} must be true or false`) };
    if (width !== undefined && (typeof width !== 'number' || !Number.isInteger(width) || width < LIST_SETTINGS_LIMITS.minWidth || width > LIST_SETTINGS_LIMITS.maxWidth)) {
      return { problem: t(`列 ${key} 的宽度应为 ${LIST_SETTINGS_LIMITS.minWidth} 到 ${LIST_SETTINGS_LIMITS.maxWidth} 的整数`, `width of ${key} must be a whole number from ${LIST_SETTINGS_LIMITS.minWidth} to ${LIST_SETTINGS_LIMITS.maxWidth}`) };
    }
    if (fixed !== undefined && fixed !== null && fixed !== 'left' && fixed !== 'right') return { problem: t(`列 ${key} 只能固定在左侧或右侧`, `fixed of ${key} must be left or right`) };
    columns.push({
      key,
      ...(hidden ? { hidden: true } : {}),
      ...(width !== undefined ? { width } : {}),
      ...(fixed === 'left' || fixed === 'right' ? { fixed } : {}),
    });
  }
  return { columns };
}
