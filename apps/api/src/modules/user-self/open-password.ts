import { PLATFORM_TENANT, SHELL_MSG } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { OAUTH_MSG, OAuthError } from '../../auth/oauth-error.js';
import { lockedOutFor, UNKNOWN_ACCOUNT_HASH } from '../../auth/sign-in.js';
import { ok } from '../../core/envelope.js';
import { badRequest } from '../../core/errors.js';
import { originOf } from '../../logs/request-origin.js';
import { applyPasswordChange, readPasswordChange, requestParam } from './password-change.js';

const tags = ['Personal info (个人信息)'];

/**
 * The login page's password change for a user who has no token (a password that must be changed):
 * tenant and account name the user, the old password proves who they are. A wrong old password
 * counts towards the address's sign-in wait like a failed sign-in, and a waiting address is refused.
 * Parameters come as the query or JSON; the passwords as md5 hex.
 */
export function registerOpenPasswordRoute(app: FastifyInstance): void {
  const { db } = app.services.database;
  const { signIn, logs } = app.services;

  app.post('/blade-user/open/update-password', {
    config: { public: true },
    schema: {
      tags, summary: 'Changes a password without a token, proven by the old password (all three as md5 hex)',
      querystring: {
        type: 'object',
        properties: {
          tenantId: { type: 'string' }, account: { type: 'string' }, username: { type: 'string', description: 'same as account' },
          oldPassword: { type: 'string' }, newPassword: { type: 'string' }, newPassword1: { type: 'string' },
        },
      },
    },
  }, async (req) => {
    const tenantId = requestParam(req, 'tenantId').trim() || PLATFORM_TENANT;
    const account = (requestParam(req, 'account') || requestParam(req, 'username')).trim();
    if (!account) throw badRequest(SHELL_MSG.accountFirst);
    const change = readPasswordChange(req, req.lang);
    try {
      await signIn.checkTenant(tenantId);
    } catch (err) {
      if (err instanceof OAuthError) throw badRequest(err.description);
      throw err;
    }
    const origin = { ...originOf(req, false), tenantId, createBy: account.slice(0, 64) };
    const wait = await signIn.lockedFor(tenantId, account, req.ip);
    if (wait > 0) throw badRequest(OAUTH_MSG.lockedOut, lockedOutFor(wait));
    // Compared before the old password is checked, so that this answer never tells that a guess was right.
    if (change.newPassword.toLowerCase() !== change.newPassword1.toLowerCase()) throw badRequest(SHELL_MSG.newPasswordsDiffer);
    const row = await db.selectFrom('blade_user').select(['id', 'password', 'status'])
      .where('tenant_id', '=', tenantId).where('account', '=', account).where('is_deleted', '=', 0).executeTakeFirst();
    // An unknown or disabled account fails like a wrong old password, with the same hash work, the
    // same answer and the same count, so no answer tells which accounts exist or that a password was right.
    const user = row && Number(row.status) === 1
      ? { id: String(row.id), password: (row.password as string | null) ?? null }
      : { id: '', password: await UNKNOWN_ACCOUNT_HASH };
    await applyPasswordChange(db, user, change, {
      onWrongOld: async () => {
        const locked = await signIn.recordFailure(tenantId, account, req.ip);
        logs.usual(origin, { logId: locked > 0 ? 'lockout' : 'sign_in_failed', logLevel: 'warn', logData: `${account} ${SHELL_MSG.oldPasswordWrong.zh}` });
      },
    });
    await signIn.clearFailures(tenantId, account, req.ip);
    logs.usual({ ...origin, userId: user.id }, { logId: 'password_change', logData: `${account} 修改密码` });
    return ok(true, req.lang);
  });
}
