import { MSG, type Lang, type R } from '@alumni/domain';

export function ok<T>(data: T, lang: Lang = 'zh'): R<T> {
  const empty = data === null || data === undefined;
  return { code: 200, success: true, data: (empty ? null : data) as T, msg: (empty ? MSG.noData : MSG.success)[lang] };
}

export function failure(code: number, msg: string, data: unknown = null): R<unknown> {
  return { code, success: false, data, msg };
}
