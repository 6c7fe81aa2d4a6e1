import { fieldSchema, PLATFORM_TENANT, SHELL_MSG, t, userEntity, type Lang } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { hashPassword, isMd5Hex } from '../../auth/password.js';
import { ok } from '../../core/envelope.js';
import { badRequest, invalidFields } from '../../core/errors.js';
import { ids } from '../../core/ids.js';
import { now } from '../../core/time.js';

const tags = ['Personal info (个人信息)'];

const MSG_TENANT_UNKNOWN = t('租户ID未找到', 'Tenant not found');
const MSG_BAD_PASSWORD = t('密码格式不正确', 'The password is not in the expected form');

const MSG_OAUTH_ID = t('第三方账号标识过长', 'The third-party account id is too long');

/** The guest's account and nickname, checked by the user definition's own rules (length, form). */
function checkAgainstUser(values: { account: string; name: string }, lang: Lang): void {
  const errors: Record<string, string> = {};
  for (const field of ['account', 'name'] as const) {
    const result = fieldSchema(userEntity, field, lang).safeParse(values[field]);
    if (!result.success) errors[field] = result.error.issues[0]?.message ?? SHELL_MSG.accountFirst[lang];
  }
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
}

/** Status of a registered guest: waiting until an administrator enables the account. */
export const STATUS_WAITING = 0;

/**
 * Registration of a person who signed in through a third party and has no local account yet.
 * The account is created disabled and without roles; an administrator approves it later. An
 * account name already taken is answered the same and creates nothing.
 * Public: the person has no token. Parameters come as the query (as the client sends them) or JSON.
 */
export function registerGuestRoute(app: FastifyInstance): void {
  const { db } = app.services.database;

  app.post('/blade-user/register-guest', {
    config: { public: true },
    schema: {
      tags, summary: 'Registers a social-login user as a local account waiting for approval',
      querystring: {
        type: 'object',
        properties: { tenantId: { type: 'string' }, name: { type: 'string' }, account: { type: 'string' }, password: { type: 'string', description: 'md5 hex' }, oauthId: { type: 'string' } },
      },
    },
  }, async (req) => {
    const body = typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {};
    const pick = (name: string) => String((req.query as Record<string, unknown>)[name] ?? body[name] ?? '').trim();
    const tenantId = pick('tenantId') || PLATFORM_TENANT;
    const account = pick('account');
    const password = pick('password');
    const name = pick('name') || account;
    const oauthId = pick('oauthId');
    if (!account) throw badRequest(SHELL_MSG.accountFirst);
    if (!password) throw badRequest(SHELL_MSG.passwordFirst);
    if (!isMd5Hex(password)) throw badRequest(MSG_BAD_PASSWORD);
    checkAgainstUser({ account, name }, req.lang);
    if (oauthId.length > 64) throw badRequest(MSG_OAUTH_ID);

    const tenant = await db.selectFrom('blade_tenant').select(['id']).where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0).executeTakeFirst();
    if (!tenant) throw badRequest(MSG_TENANT_UNKNOWN);
    const hash = await hashPassword(password);
    await db.transaction().execute(async (tx) => {
      const taken = await tx.selectFrom('blade_user').select(['id']).where('tenant_id', '=', tenantId)
        .where('account', '=', account).where('is_deleted', '=', 0).executeTakeFirst();
      // A taken account answers like a new application and nothing is written (no user, no link of
      // the third-party id to the existing account): the answer to a caller without a token never
      // tells which accounts exist. The applicant is never approved and registers another name.
      if (taken) return;
      const userId = ids.next();
      const time = now();
      await tx.insertInto('blade_user').values({
        id: userId, tenant_id: tenantId, code: account, user_type: 1, account, password: hash, name,
        real_name: name.slice(0, 10) /* the nickname's first characters, within the real name's own limit */, role_id: '', dept_id: '', create_time: time, update_time: time,
        status: STATUS_WAITING, is_deleted: 0,
      }).execute();
      if (oauthId) {
        await tx.insertInto('blade_user_oauth').values({ id: ids.next(), tenant_id: tenantId, user_id: userId, uuid: oauthId, create_time: time }).execute();
      }
    });
    return ok(true, req.lang);
  });
}
