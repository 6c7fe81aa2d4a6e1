export interface LoginValues {
  tenantId: string;
  username: string;
  password: string;
  code: string;
}

export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

/** i18n keys of the message each empty field shows. */
const REQUIRED: Record<keyof LoginValues, string> = {
  tenantId: 'login.tenantRequired',
  username: 'login.accountRequired',
  password: 'login.passwordRequired',
  code: 'login.captchaRequired',
};

export function validateLogin(values: LoginValues, fields: readonly (keyof LoginValues)[], t: (key: string) => string): LoginErrors {
  const errors: LoginErrors = {};
  for (const field of fields) if (values[field].trim() === '') errors[field] = t(REQUIRED[field]);
  return errors;
}
