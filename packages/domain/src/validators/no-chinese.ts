import { t } from '../text.js';

export const NO_CHINESE_MSG = t('格式不正确,不能包含中文', 'Format incorrect, cannot contain Chinese');

/** CJK unified ideographs (basic block and extension A), the characters people type as Chinese. */
const CHINESE = /[\u3400-\u4dbf\u4e00-\u9fff]/;

export const hasChinese = (value: string): boolean => CHINESE.test(value);

/** True when the text holds no Chinese character (empty text passes). */
export function isNoChinese(value: string | null | undefined): boolean {
  return !hasChinese(String(value ?? ''));
}
