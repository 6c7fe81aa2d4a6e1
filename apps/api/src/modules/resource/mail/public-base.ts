import { EMAIL_SETTING_MSG, PLATFORM_TENANT, emailSettingEntity } from '@alumni/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCaller, type Caller } from '../../../core/caller.js';
import { ok } from '../../../core/envelope.js';
import { invalidFields } from '../../../core/errors.js';
import { ids } from '../../../core/ids.js';
import { now } from '../../../core/time.js';
import type { Db } from '../../../db/database.js';

/** The parameter holding the address alumni reach the product at: links in e-mails and SMS start with it. */
export const PUBLIC_BASE_KEY = 'alumni.publicBaseUrl';
const PARAM_NAME = '公网访问地址（邮件、短信中的链接以此开头）';
/** Where the e-mail settings page reads and sets it. */
export const PUBLIC_BASE_PATH = '/blade-emailSetting/emailSetting/public-base';
const SIGN_IN_PATH = '/api/blade-auth/oauth/token';

/** `https://host[:port][/path]` without a trailing slash, query or fragment; null when it is not such an address. */
export function normalisePublicBase(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  if (text.length > 255) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') return null;
  if (!text.toLowerCase().startsWith(`${url.protocol}//`)) return null;
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** The address a browser's request came from: its Origin, else its Referer's origin; null for a request no browser sent. */
export function browserOrigin(req: FastifyRequest): string | null {
  const origin = req.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') return normalisePublicBase(origin);
  const referer = req.headers.referer;
  if (typeof referer !== 'string') return null;
  try {
    return normalisePublicBase(new URL(referer).origin);
  } catch {
    return null;
  }
}

async function rowOf(db: Db, tenantId: string) {
  return db.selectFrom('blade_param').select(['id', 'param_value']).where('tenant_id', '=', tenantId)
    .where('param_key', '=', PUBLIC_BASE_KEY).where('is_deleted', '=', 0).orderBy('id').executeTakeFirst();
}

/** Sets a tenant's own value (the platform tenant's is every tenant's default), making the row when there is none. */
async function write(db: Db, tenantId: string, value: string, userId: string | null): Promise<void> {
  const row = await rowOf(db, tenantId);
  const stamp = now();
  if (row) {
    await db.updateTable('blade_param').set({ param_value: value, update_user: userId, update_time: stamp }).where('id', '=', String(row.id)).execute();
    return;
  }
  await db.insertInto('blade_param').values({
    id: ids.next(), tenant_id: tenantId, param_name: PARAM_NAME, param_key: PUBLIC_BASE_KEY, param_value: value,
    create_user: userId, create_time: stamp, update_user: userId, update_time: stamp, status: 1, is_deleted: 0,
  }).execute();
}

/**
 * Fills the public base address at first start: while the platform's value is empty, the first
 * successful staff sign-in from a browser sets it to the address that browser used (its Origin,
 * which a proxy does not rewrite). A value once set, by this or by hand, is never replaced here.
 */
export function registerPublicBaseFill(api: FastifyInstance): void {
  const { db } = api.services.database;
  let settled = false;
  api.addHook('onResponse', async (req, reply) => {
    if (settled || req.method !== 'POST' || req.routeOptions.url !== SIGN_IN_PATH || reply.statusCode !== 200) return;
    const origin = browserOrigin(req);
    if (origin === null) return;
    try {
      const row = await rowOf(db, PLATFORM_TENANT);
      if (row && String(row.param_value ?? '').trim() !== '') {
        settled = true;
        return;
      }
      if (row) {
        await db.updateTable('blade_param').set({ param_value: origin, update_time: now() }).where('id', '=', String(row.id))
          .where((eb) => eb.or([eb('param_value', '=', ''), eb('param_value', 'is', null)])).execute();
      } else {
        await write(db, PLATFORM_TENANT, origin, null);
      }
      settled = true;
      req.log.info({ publicBaseUrl: origin }, 'public base address filled from the first sign-in');
    } catch (error) {
      req.log.warn({ err: error }, 'public base address not filled');
    }
  });
}

/** What the e-mail settings page shows: the value links use for the caller's tenant, and whether the tenant set its own. */
async function current(db: Db, caller: Caller): Promise<{ publicBaseUrl: string; own: boolean }> {
  const own = caller.tenantId === PLATFORM_TENANT ? undefined : await rowOf(db, caller.tenantId);
  const row = own ?? await rowOf(db, PLATFORM_TENANT);
  return { publicBaseUrl: String(row?.param_value ?? '').trim(), own: own !== undefined || caller.tenantId === PLATFORM_TENANT };
}

/**
 * `GET …/emailSetting/public-base` → `{ publicBaseUrl, own }`; `PUT` with `{ publicBaseUrl }` sets the
 * caller's tenant's own value (the platform tenant's is the default of every tenant). An address
 * that is not `http(s)://host[/path]` is refused with 400 and nothing changes.
 */
export function registerPublicBaseRoutes(app: FastifyInstance): void {
  const { access, database } = app.services;
  const tags = [`${emailSettingEntity.label.en} (${emailSettingEntity.label.zh})`];
  app.get(PUBLIC_BASE_PATH, {
    schema: { tags, summary: 'The public base address links in e-mails and SMS start with (alumni.publicBaseUrl) for the caller\'s tenant, and whether the tenant set its own' },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await access.require(caller, emailSettingEntity.permission);
    return ok(await current(database.db, caller), req.lang);
  });
  app.put(PUBLIC_BASE_PATH, {
    schema: {
      tags, summary: 'Set the public base address for the caller\'s tenant (http(s)://host[:port][/path])',
      body: { type: 'object', required: ['publicBaseUrl'], properties: { publicBaseUrl: { type: 'string' } } },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await access.require(caller, `${emailSettingEntity.permission}_edit`);
    const value = normalisePublicBase((req.body as Record<string, unknown> | undefined)?.publicBaseUrl);
    if (value === null) throw invalidFields({ publicBaseUrl: EMAIL_SETTING_MSG.publicBaseInvalid[req.lang] });
    await write(database.db, caller.tenantId, value, caller.userId);
    return ok(await current(database.db, caller), req.lang);
  });
}
