import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { basicInfoEntity, isMobile, t, type Lang } from '@alumni/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../core/envelope.js';
import { AppError, badRequest } from '../core/errors.js';
import { parseDateTime } from '../core/time.js';
import { normalPhone } from '../modules/identity/identity-normal.js';
import { portalSessions, requireAlumnus } from './portal-auth.js';
import { portalSettingsOf } from './portal-settings.js';

export const PORTAL_BASE = '/blade-portal';

/** How long a sign-in code may be used (seconds), how many wrong tries void it, and the wait between two codes to one address. */
export const CODE_SECONDS = 300;
export const CODE_TRIES = 5;
export const CODE_RESEND_SECONDS = 60;
/** How many codes one phone or e-mail address receives a day at most. */
export const CODE_DAILY = 10;

export const PORTAL_AUTH_MSG = {
  badChannel: t('请选择手机号或电子邮箱登录', 'Please sign in with a phone number or an e-mail address'),
  badPhone: t('请输入正确的手机号码', 'Please enter a valid mobile number'),
  badEmail: t('请输入正确的电子邮箱', 'Please enter a valid e-mail address'),
  badTenant: t('学校(租户)不存在或已停用', 'The school (tenant) does not exist or is closed'),
  closed: t('本校尚未开放校友门户', 'This school has not opened its alumni portal'),
  badCaptcha: t('图形验证码不正确', 'The picture code is not correct'),
  badCodeFormat: t('请输入6位数字验证码', 'Please enter the 6-digit code'),
  wrongCode: t('验证码不正确或已过期，请重新获取', 'The code is wrong or has expired; please ask for a new one'),
  tooManyTries: t('验证码错误次数过多，请重新获取', 'Too many wrong codes; please ask for a new one'),
  resendWait: t('验证码已发送，请{seconds}秒后再试', 'A code was just sent; please try again in {seconds} seconds'),
  dailyLimit: t('该号码今日获取验证码次数已达上限', 'This address has received as many codes as allowed today'),
  sendFailed: t('验证码发送失败，请稍后再试', 'The code could not be sent; please try again later'),
  mailSubject: t('校友门户登录验证码', 'Your alumni portal sign-in code'),
  mailText: t('您的校友门户登录验证码是 {code}，{minutes}分钟内有效。如非本人操作，请忽略本邮件。', 'Your alumni portal sign-in code is {code}. It is valid for {minutes} minutes. If you did not ask for it, ignore this e-mail.'),
} as const;

type Channel = 'sms' | 'email';

interface CodeRecord {
  /** The HMAC of the code (the code itself is never stored). */
  hash: string;
  /** Spent once: the id a successful sign-in claims. */
  id: string;
  alumnusId: string;
  expiresAt: number;
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,}$/;

function bodyOf(req: FastifyRequest): Record<string, unknown> {
  return req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
}

/** The channel and the address of a sign-in, written as the alumni record's keyed hash finds it; a 400 when malformed. */
export function signInTarget(body: Record<string, unknown>): { channel: Channel; target: string } {
  const channel = body.channel;
  if (channel !== 'sms' && channel !== 'email') throw badRequest(PORTAL_AUTH_MSG.badChannel);
  const raw = typeof body.target === 'string' ? body.target.trim() : '';
  if (channel === 'sms') {
    const phone = normalPhone(raw);
    if (!isMobile(phone)) throw badRequest(PORTAL_AUTH_MSG.badPhone);
    return { channel, target: phone };
  }
  if (raw.length > 100 || !EMAIL.test(raw)) throw badRequest(PORTAL_AUTH_MSG.badEmail);
  return { channel, target: raw.toLowerCase() };
}

/**
 * Sign-in of alumni with a one-time code (decision 246): the code goes to the phone (the tenant's
 * enabled SMS configuration) or e-mail address (its default mail setting) of a live alumni record;
 * it has 6 digits, is kept only as a keyed hash beside the store's expiry (5 minutes), works once,
 * and is voided after 5 wrong tries. One address gets a code at most once a minute and 10 times a
 * day; the abuse limits count the calls per client address and per address signed in to.
 */
export function registerPortalAuthRoutes(app: FastifyInstance): void {
  const { database, store, captcha, sealing, resources, params, config } = app.services;
  const db = database.db;
  const codeKey = (tenantId: string, channel: Channel, targetHash: string) => `portal-code:${tenantId}:${channel}:${targetHash}`;
  const codeHash = (code: string, key: string) => createHmac('sha256', config.dataKey).update(`${key}\u0001${code}`).digest('hex');

  async function checkTenant(tenantId: unknown, lang: Lang): Promise<string> {
    const id = typeof tenantId === 'string' && /^\d{6}$/.test(tenantId.trim()) ? tenantId.trim() : null;
    const tenant = id ? await db.selectFrom('blade_tenant').select(['expire_time']).where('tenant_id', '=', id).where('is_deleted', '=', 0).executeTakeFirst() : undefined;
    if (!id || !tenant || (tenant.expire_time && parseDateTime(String(tenant.expire_time)).getTime() < Date.now())) throw badRequest(PORTAL_AUTH_MSG.badTenant);
    if (!(await portalSettingsOf(params, id)).enabled) throw new AppError(403, PORTAL_AUTH_MSG.closed);
    void lang;
    return id;
  }

  /** The live alumni record the address belongs to (the earliest, when several share it), or null. */
  async function alumnusOf(tenantId: string, channel: Channel, targetHash: string): Promise<{ id: string; name: string } | null> {
    const row = await db.selectFrom(basicInfoEntity.table).select(['id', 'name'])
      .where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).where('status', '=', 1)
      .where((eb) => eb.or([eb('is_deceased', '=', 0), eb('is_deceased', 'is', null)]))
      .where(channel === 'sms' ? 'phone_hash' : 'email_hash', '=', targetHash)
      .orderBy('create_time', 'asc').orderBy('id', 'asc').limit(1).executeTakeFirst();
    return row ? { id: String(row.id), name: String(row.name ?? '') } : null;
  }

  async function send(tenantId: string, channel: Channel, target: string, code: string, lang: Lang): Promise<void> {
    const minutes = String(CODE_SECONDS / 60);
    // The send record names no staff member: the alumnus asked for it.
    const sender = { tenantId, userId: '0' };
    if (channel === 'sms') {
      const result = await resources.sms.send(sender, lang, null, [target], { code, minutes });
      if (result.sent !== 1) throw badRequest(PORTAL_AUTH_MSG.sendFailed);
      return;
    }
    const setting = await resources.mail.setting(tenantId, null);
    if (!setting) throw badRequest(PORTAL_AUTH_MSG.sendFailed);
    const fill = (text: string) => text.replace('{code}', code).replace('{minutes}', minutes);
    const text = `${fill(PORTAL_AUTH_MSG.mailText.zh)}\n\n${fill(PORTAL_AUTH_MSG.mailText.en)}`;
    const outcome = await resources.mail.send(sender, setting, { to: target, subject: `${PORTAL_AUTH_MSG.mailSubject.zh} / ${PORTAL_AUTH_MSG.mailSubject.en}`, text });
    if (!outcome.ok) throw badRequest(PORTAL_AUTH_MSG.sendFailed);
  }

  app.post(`${PORTAL_BASE}/auth/code`, {
    config: { public: true, portal: true },
    schema: {
      tags: ['Alumni portal (校友门户)'], summary: 'Sends a 6-digit sign-in code to an alumnus\'s phone or e-mail (captcha required)',
      body: { type: 'object', properties: { tenantId: { type: 'string' }, channel: { type: 'string', enum: ['sms', 'email'] }, target: { type: 'string' }, captchaKey: { type: 'string' }, captchaCode: { type: 'string' } } },
    },
  }, async (req, reply) => {
    const body = bodyOf(req);
    const tenantId = await checkTenant(body.tenantId, req.lang);
    const { channel, target } = signInTarget(body);
    if (!(await captcha.check(String(body.captchaKey ?? ''), String(body.captchaCode ?? '')))) throw badRequest(PORTAL_AUTH_MSG.badCaptcha);
    const targetHash = sealing.hash(channel === 'sms' ? 'phone' : 'email', target);
    const key = codeKey(tenantId, channel, targetHash);
    // Known and unknown addresses wait and count alike, so asking tells no more than the answer does.
    if (!(await store.claim(`${key}:wait`, '1', CODE_RESEND_SECONDS))) {
      reply.header('retry-after', CODE_RESEND_SECONDS);
      throw new AppError(429, PORTAL_AUTH_MSG.resendWait, { seconds: CODE_RESEND_SECONDS });
    }
    if ((await store.increment(`${key}:day`, 24 * 3600)) > CODE_DAILY) throw new AppError(429, PORTAL_AUTH_MSG.dailyLimit);
    const alumnus = await alumnusOf(tenantId, channel, targetHash);
    if (!alumnus) return ok({ sent: false, registered: false, expiresInSeconds: 0 }, req.lang);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const record: CodeRecord = { hash: codeHash(code, key), id: randomUUID(), alumnusId: alumnus.id, expiresAt: Date.now() + CODE_SECONDS * 1000 };
    await store.set(key, JSON.stringify(record), CODE_SECONDS);
    await store.delete(`${key}:tries`);
    try {
      await send(tenantId, channel, target, code, req.lang);
    } catch (err) {
      await store.delete(key, `${key}:wait`);
      throw err;
    }
    return ok({ sent: true, registered: true, expiresInSeconds: CODE_SECONDS }, req.lang);
  });

  app.post(`${PORTAL_BASE}/auth/sign-in`, {
    config: { public: true, portal: true },
    schema: {
      tags: ['Alumni portal (校友门户)'], summary: 'Signs an alumnus in with the code sent to the phone or e-mail: a portal token',
      body: { type: 'object', properties: { tenantId: { type: 'string' }, channel: { type: 'string', enum: ['sms', 'email'] }, target: { type: 'string' }, code: { type: 'string' } } },
    },
  }, async (req) => {
    const body = bodyOf(req);
    const tenantId = await checkTenant(body.tenantId, req.lang);
    const { channel, target } = signInTarget(body);
    const code = typeof body.code === 'string' ? body.code.trim() : '';
    if (!/^\d{6}$/.test(code)) throw badRequest(PORTAL_AUTH_MSG.badCodeFormat);
    const key = codeKey(tenantId, channel, sealing.hash(channel === 'sms' ? 'phone' : 'email', target));
    const stored = await store.get(key);
    const record = stored ? (JSON.parse(stored) as CodeRecord) : null;
    if (!record || record.expiresAt <= Date.now()) throw badRequest(PORTAL_AUTH_MSG.wrongCode);
    const right = timingSafeEqual(Buffer.from(record.hash, 'hex'), Buffer.from(codeHash(code, key), 'hex'));
    if (!right) {
      const tries = await store.increment(`${key}:tries`, CODE_SECONDS);
      if (tries >= CODE_TRIES) {
        await store.delete(key);
        throw badRequest(PORTAL_AUTH_MSG.tooManyTries);
      }
      throw badRequest(PORTAL_AUTH_MSG.wrongCode);
    }
    // Of two sign-ins racing with one code exactly one claims it.
    if (!(await store.claim(`portal-code-spent:${record.id}`, '1', CODE_SECONDS))) throw badRequest(PORTAL_AUTH_MSG.wrongCode);
    await store.delete(key, `${key}:tries`);
    const alumnus = await db.selectFrom(basicInfoEntity.table).select(['id', 'name'])
      .where('id', '=', record.alumnusId).where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).where('status', '=', 1).executeTakeFirst();
    if (!alumnus) throw badRequest(PORTAL_AUTH_MSG.wrongCode);
    const session = await portalSessions(app).open(tenantId, record.alumnusId, channel, req.ip);
    return ok({ accessToken: session.token, expiresAt: session.expiresAt, alumnus: { id: String(alumnus.id), name: String(alumnus.name ?? '') } }, req.lang);
  });

  app.post(`${PORTAL_BASE}/auth/sign-out`, {
    config: { public: true, portal: true },
    schema: { tags: ['Alumni portal (校友门户)'], summary: 'Signs out: the portal token is refused from now on' },
  }, async (req) => {
    const alumnus = await requireAlumnus(req);
    await portalSessions(app).end(alumnus.sessionId);
    return ok(true, req.lang);
  });

  app.get(`${PORTAL_BASE}/settings`, {
    config: { public: true, portal: true },
    schema: {
      tags: ['Alumni portal (校友门户)'], summary: 'A school\'s portal settings: open or not, its name and logo, the sections shown',
      querystring: { type: 'object', properties: { tenantId: { type: 'string' } } },
    },
  }, async (req) => {
    const raw = (req.query as Record<string, unknown>).tenantId;
    const tenantId = typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : '000000';
    if (!/^\d{6}$/.test(tenantId)) throw badRequest(PORTAL_AUTH_MSG.badTenant);
    const tenant = await db.selectFrom('blade_tenant').select('tenant_name').where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).executeTakeFirst();
    if (!tenant) throw badRequest(PORTAL_AUTH_MSG.badTenant);
    const settings = await portalSettingsOf(params, tenantId);
    return ok({ ...settings, schoolName: settings.schoolName || String(tenant.tenant_name ?? '') }, req.lang);
  });
}
