import { SHELL_MSG, t } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { hashPassword, isMd5Hex, verifyPassword } from '../../auth/password.js';
import { requireCaller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest, invalidFields } from '../../core/errors.js';
import { now } from '../../core/time.js';
import { originOf } from '../../logs/request-origin.js';
import { readProfile } from './profile-checks.js';

const tags = ['Personal info (个人信息)'];

const BAD_FORM = t('密码格式不正确', 'The password is not in the expected form');

const COLUMN = { realName: 'real_name', name: 'name', phone: 'phone', email: 'email', avatar: 'avatar' } as const;

/** The personal info page's calls: the signed-in user changes their own details and password. */
export function registerProfileRoutes(app: FastifyInstance): void {
  const { db } = app.services.database;

  app.post('/blade-user/update-info', {
    schema: {
      tags, summary: 'Changes the signed-in user\'s realName, name, phone, email and avatar',
      body: { type: 'object', properties: { realName: { type: 'string' }, name: { type: 'string' }, phone: { type: 'string' }, email: { type: 'string' }, avatar: { type: 'string' } } },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    const read = readProfile(req.body, req.lang);
    if ('errors' in read) throw invalidFields(read.errors);
    const values: Record<string, string> = {};
    for (const [field, value] of Object.entries(read.change)) values[COLUMN[field as keyof typeof COLUMN]] = value;
    if (Object.keys(values).length > 0) {
      await db.updateTable('blade_user').set({ ...values, update_user: caller.userId, update_time: now() })
        .where('id', '=', caller.userId).where('is_deleted', '=', 0).execute();
    }
    return ok(true, req.lang);
  });

  app.post('/blade-user/update-password', {
    schema: {
      tags, summary: 'Changes the signed-in user\'s password (all three as md5 hex)',
      querystring: { type: 'object', properties: { oldPassword: { type: 'string' }, newPassword: { type: 'string' }, newPassword1: { type: 'string' } } },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    // The Saber client sends the three as query parameters; a JSON body is read as well.
    const body = typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {};
    const pick = (name: string) => String((req.query as Record<string, unknown>)[name] ?? body[name] ?? '');
    const [oldPassword, newPassword, newPassword1] = [pick('oldPassword'), pick('newPassword'), pick('newPassword1')];
    const errors: Record<string, string> = {};
    if (!oldPassword) errors.oldPassword = SHELL_MSG.enterPassword[req.lang];
    if (!newPassword) errors.newPassword = SHELL_MSG.enterPassword[req.lang];
    if (!newPassword1) errors.newPassword1 = SHELL_MSG.confirmPassword[req.lang];
    if (Object.keys(errors).length > 0) throw invalidFields(errors);
    if (![oldPassword, newPassword, newPassword1].every(isMd5Hex)) throw badRequest(BAD_FORM);
    const user = await db.selectFrom('blade_user').select(['password']).where('id', '=', caller.userId)
      .where('is_deleted', '=', 0).executeTakeFirst();
    const check = await verifyPassword((user?.password as string | null | undefined) ?? null, oldPassword);
    if (!check.ok) throw badRequest(SHELL_MSG.oldPasswordWrong);
    if (newPassword.toLowerCase() !== newPassword1.toLowerCase()) throw badRequest(SHELL_MSG.newPasswordsDiffer);
    await db.updateTable('blade_user').set({ password: await hashPassword(newPassword), update_user: caller.userId, update_time: now() })
      .where('id', '=', caller.userId).execute();
    app.services.logs.usual(originOf(req, false), { logId: 'password_change', logData: `${caller.account} 修改密码` });
    return ok(true, req.lang);
  });
}
