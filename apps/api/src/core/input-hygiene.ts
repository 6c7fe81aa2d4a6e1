import { t } from '@alumni/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors.js';

export const INPUT_MSG = {
  badCharacter: t('参数 {name} 含有不允许的字符', 'Parameter {name} contains a character that is not allowed'),
  repeated: t('参数 {name} 只能出现一次', 'Parameter {name} may appear only once'),
  tooLong: t('参数 {name} 过长', 'Parameter {name} is too long'),
  tooDeep: t('请求内容嵌套过深', 'The request body is nested too deeply'),
  tooMany: t('请求参数过多', 'Too many request parameters'),
  badName: t('参数名 {name} 不允许使用', 'The parameter name {name} is not allowed'),
};

/**
 * Names every object inherits (`toString`, `valueOf`, `__proto__`, …): a value carrying one as its
 * own key breaks the code that reads it (`String(value)` throws) or pollutes what it is merged into.
 */
const INHERITED_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

/** Longest query or path value (a comma-joined list of a few thousand ids fits). */
export const MAX_QUERY_VALUE = 32_768;
/** Deepest nesting of a JSON body; no call of the API needs more than a few levels. */
export const MAX_BODY_DEPTH = 32;
const MAX_QUERY_PARAMS = 200;

/**
 * Characters neither database may store or every layer refuses: NUL (PostgreSQL rejects it in text),
 * other C0 controls except tab, line feed and carriage return, and unpaired UTF-16 surrogates.
 */
// eslint-disable-next-line no-control-regex
const REFUSED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Headers whose values reach SQL (sign-in and the department/role switch). */
const SQL_HEADERS = ['tenant-id', 'dept-id', 'role-id', 'captcha-key', 'captcha-code'];

/** Query parameters that carry a list and so may repeat (`ids=1&ids=2`), beside the comma-joined form. */
const isListName = (name: string) => /ids$/i.test(name);

/** Whether a text holds a character the product refuses to store (see REFUSED). */
export const hasRefusedCharacter = (value: string): boolean => REFUSED.test(value);

function checkName(name: string): void {
  checkText('', name, 256);
  if (INHERITED_NAMES.has(name)) throw badRequest(INPUT_MSG.badName, { name });
}

function checkText(name: string, value: string, max: number): void {
  if (REFUSED.test(value)) throw badRequest(INPUT_MSG.badCharacter, { name: name.slice(0, 64) });
  if (value.length > max) throw badRequest(INPUT_MSG.tooLong, { name: name.slice(0, 64) });
}

function checkQuery(query: unknown): void {
  if (!query || typeof query !== 'object') return;
  const entries = Object.entries(query as Record<string, unknown>);
  if (entries.length > MAX_QUERY_PARAMS) throw badRequest(INPUT_MSG.tooMany);
  for (const [name, value] of entries) {
    checkName(name);
    if (Array.isArray(value) && !isListName(name)) throw badRequest(INPUT_MSG.repeated, { name: name.slice(0, 64) });
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string') checkText(name, item, MAX_QUERY_VALUE);
    }
  }
}

/** Walks a parsed body without recursion, so a deeply nested one cannot exhaust the stack. */
function checkBody(body: unknown): void {
  const stack: { value: unknown; name: string; depth: number }[] = [{ value: body, name: 'body', depth: 0 }];
  while (stack.length > 0) {
    const { value, name, depth } = stack.pop() as { value: unknown; name: string; depth: number };
    if (typeof value === 'string') {
      checkText(name, value, Number.POSITIVE_INFINITY); // the body limit and each field's own limit bound it
    } else if (value && typeof value === 'object') {
      if (depth >= MAX_BODY_DEPTH) throw badRequest(INPUT_MSG.tooDeep);
      for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
        if (!Array.isArray(value)) checkName(key);
        stack.push({ value: child, name: Array.isArray(value) ? name : key, depth: depth + 1 });
      }
    }
  }
}

/**
 * One check of everything a request brings, before any handler or SQL runs: characters the
 * databases refuse, repeated scalar parameters, over-long values and over-deep bodies answer 400
 * with the parameter named, on both databases alike.
 */
export function registerInputHygiene(api: FastifyInstance): void {
  api.addHook('preValidation', async (req: FastifyRequest) => {
    for (const header of SQL_HEADERS) {
      const value = req.headers[header];
      if (typeof value === 'string') checkText(header, value, 256);
    }
    checkQuery(req.query);
    checkQuery(req.params);
    if (req.body !== undefined && req.body !== null) checkBody(req.body); // a multipart upload has no parsed body
  });
}
