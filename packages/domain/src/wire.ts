/** The envelope every ordinary answer travels in (PROTOCOL section 3). */
export interface R<T = unknown> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export const PAGE_SIZES = [10, 30, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** The largest page a list call serves. */
export const MAX_PAGE_SIZE = 1000;

export const ResultCode = {
  success: 200,
  failure: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  methodNotAllowed: 405,
  unsupportedMediaType: 415,
  serverError: 500,
  needsRegistration: 999,
} as const;

/** A tree node as menu, dept, dict and grant trees answer it. */
export interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren: boolean;
  children?: TreeNode[];
}

/** The platform tenant that owns platform-wide rows and the demo school. */
export const PLATFORM_TENANT = '000000';
