import { EMAIL_MSG, emailProblem, fill, isMobile, MOBILE_MSG, MSG, userEntity, type Lang } from '@alumni/domain';

/** The fields a user may change about themself, as the personal info page sends them. */
export const PROFILE_FIELDS = ['realName', 'name', 'phone', 'email', 'avatar'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileChange = Partial<Record<ProfileField, string>>;

const MAX: Record<ProfileField, number> = { realName: 10, name: 20, phone: 45, email: 45, avatar: 500 };
const REQUIRED: ReadonlySet<ProfileField> = new Set(['realName', 'name']);

/**
 * Reads the personal info body with the shared validators: only the fields present are changed,
 * the names cannot be emptied, phone and e-mail follow the product's rules. Answers the change or
 * the field messages.
 */
export function readProfile(body: unknown, lang: Lang): { change: ProfileChange } | { errors: Record<string, string> } {
  const source = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const change: ProfileChange = {};
  const errors: Record<string, string> = {};
  for (const field of PROFILE_FIELDS) {
    const raw = source[field];
    if (raw === undefined) continue;
    const value = raw === null ? '' : String(raw).trim();
    const label = userEntity.fields[field].label[lang];
    if (REQUIRED.has(field) && value === '') errors[field] = fill(MSG.required[lang], { label });
    else if (value.length > MAX[field]) errors[field] = fill(MSG.tooLong[lang], { label, max: MAX[field] });
    else if (field === 'phone' && !isMobile(value)) errors[field] = MOBILE_MSG.invalid[lang];
    else if (field === 'email') {
      const problem = emailProblem(value);
      if (problem) errors[field] = EMAIL_MSG[problem][lang];
    }
    change[field] = value;
  }
  return Object.keys(errors).length > 0 ? { errors } : { change };
}
