/** Tenant ids are six digits, as BladeX gives them. */
export const TENANT_ID_DIGITS = 6;

/**
 * The tenant id a new tenant gets when none is sent: one above the highest six-digit id in use,
 * else the lowest free one (the platform tenant is 000000, so the first new tenant is 000001).
 */
export function nextTenantId(used: ReadonlySet<string>): string {
  const numeric = [...used].filter((id) => /^\d{6}$/.test(id)).map(Number);
  const format = (n: number) => String(n).padStart(TENANT_ID_DIGITS, '0');
  const above = Math.max(-1, ...numeric) + 1;
  if (above < 10 ** TENANT_ID_DIGITS) return format(above);
  for (let n = 1; n < 10 ** TENANT_ID_DIGITS; n += 1) if (!used.has(format(n))) return format(n);
  throw new Error('every six-digit tenant id is in use');
}
