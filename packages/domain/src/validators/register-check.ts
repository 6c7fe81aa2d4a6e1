import { SHELL_MSG } from './required.js';

export interface RegisterForm {
  tenantId: string;
  account: string;
  password: string;
  password2: string;
}

/**
 * The register dialog's checks in the specification's order: tenant id (only in tenant mode),
 * account, both passwords, then equality. Answers the key of the first failure.
 */
export function registerProblem(form: RegisterForm, tenantMode: boolean): keyof typeof SHELL_MSG | undefined {
  if (tenantMode && !form.tenantId) return 'tenantFirst';
  if (!form.account) return 'accountFirst';
  if (!form.password || !form.password2) return 'passwordFirst';
  if (form.password !== form.password2) return 'passwordsDiffer';
  return undefined;
}
