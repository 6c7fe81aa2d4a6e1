import { t } from '../text.js';

export const AVATAR_MAX_BYTES = 500 * 1024;
export const AVATAR_TYPES: readonly string[] = ['image/jpeg', 'image/png'];

export const AVATAR_MSG = {
  type: t('上传头像图片只能是 JPG/PNG 格式!', 'The avatar must be a JPG or PNG image!'),
  size: t('上传头像图片大小不能超过 500KB!', 'The avatar cannot be larger than 500KB!'),
} as const;

/** What is wrong with a file chosen as avatar (type first), or undefined when it may be uploaded. */
export function avatarProblem(file: { type: string; size: number }): keyof typeof AVATAR_MSG | undefined {
  if (!AVATAR_TYPES.includes(file.type)) return 'type';
  return file.size <= AVATAR_MAX_BYTES ? undefined : 'size';
}
