import { SHELL_MSG, t, type Lang } from '@alumni/domain';
import type { FastifyRequest } from 'fastify';
import { hashPassword, isMd5Hex, verifyPassword } from '../../auth/password.js';
import { SESSION_TABLE } from '../../auth/session-guard.js';
import { badRequest, invalidFields } from '../../core/errors.js';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';

const BAD_FORM = t('密码格式不正确', 'The password is not in the expected form');

/** The three md5 hex values of a password change, as the personal info page and the login page send them. */
export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

/** Reads a parameter from the query (as the Saber client sends it) or, failing that, a JSON body. */
export function requestParam(req: FastifyRequest, name: string): string {
  const body = typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {};
  const value = (req.query as Record<string, unknown> | undefined)?.[name] ?? body[name];
  return value === undefined || value === null ? '' : String(value);
}

/**
 * Reads and checks the form of a password change: all three required (specification section 5:
 * 请输入密码 for the old and new, 请确认密码 for the confirmation), each an md5 hex value.
 * Password strength is the client's rule: the server only ever sees the md5.
 */
export function readPasswordChange(req: FastifyRequest, lang: Lang): PasswordChange {
  const change = { oldPassword: requestParam(req, 'oldPassword'), newPassword: requestParam(req, 'newPassword'), newPassword1: requestParam(req, 'newPassword1') };
  const errors: Record<string, string> = {};
  if (!change.oldPassword) errors.oldPassword = SHELL_MSG.enterPassword[lang];
  if (!change.newPassword) errors.newPassword = SHELL_MSG.enterPassword[lang];
  if (!change.newPassword1) errors.newPassword1 = SHELL_MSG.confirmPassword[lang];
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
  if (![change.oldPassword, change.newPassword, change.newPassword1].every(isMd5Hex)) throw badRequest(BAD_FORM);
  return change;
}

/**
 * Changes a user's password: the old one must match the stored hash (原密码不正确, after
 * `onWrongOld` ran, e.g. to count the failure), then the two new ones must be equal
 * (两次输入密码不一致); `beforeWrite` may still refuse; the new hash is written with `updatedBy` as the updater,
 * and a reset's mark that the password must be changed is cleared. A missing user
 * (null) counts as a wrong old password. Nothing else (sessions, tokens) is touched.
 */
export async function applyPasswordChange(
  db: Db,
  user: { id: string; password: string | null } | null,
  change: PasswordChange,
  options: { updatedBy?: string; onWrongOld?: () => Promise<void>; beforeWrite?: () => void } = {},
): Promise<void> {
  const check = await verifyPassword(user?.password ?? null, change.oldPassword);
  if (!user || !check.ok) {
    await options.onWrongOld?.();
    throw badRequest(SHELL_MSG.oldPasswordWrong);
  }
  if (change.newPassword.toLowerCase() !== change.newPassword1.toLowerCase()) throw badRequest(SHELL_MSG.newPasswordsDiffer);
  options.beforeWrite?.();
  await db.updateTable('blade_user')
    .set({ password: await hashPassword(change.newPassword), update_user: options.updatedBy ?? user.id, update_time: now() })
    .where('id', '=', user.id).execute();
  // A password that had to be changed (an administrator's reset) now has been.
  await db.updateTable(SESSION_TABLE).set({ must_change_password: 0 }).where('user_id', '=', user.id).execute();
}
