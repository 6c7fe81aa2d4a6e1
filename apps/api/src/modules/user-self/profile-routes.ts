import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { invalidFields } from '../../core/errors.js';
import { now } from '../../core/time.js';
import { originOf } from '../../logs/request-origin.js';
import { applyPasswordChange, readPasswordChange } from './password-change.js';
import { readProfile } from './profile-checks.js';

const tags = ['Personal info (个人信息)'];

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
    config: { beforePasswordChange: true },
    schema: {
      tags, summary: 'Changes the signed-in user\'s password (all three as md5 hex)',
      querystring: { type: 'object', properties: { oldPassword: { type: 'string' }, newPassword: { type: 'string' }, newPassword1: { type: 'string' } } },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    const change = readPasswordChange(req, req.lang);
    const user = await db.selectFrom('blade_user').select(['id', 'password']).where('id', '=', caller.userId)
      .where('is_deleted', '=', 0).executeTakeFirst();
    await applyPasswordChange(db, user ? { id: String(user.id), password: (user.password as string | null) ?? null } : null, change, { updatedBy: caller.userId });
    app.services.logs.usual(originOf(req, false), { logId: 'password_change', logData: `${caller.account} 修改密码` });
    return ok(true, req.lang);
  });
}
