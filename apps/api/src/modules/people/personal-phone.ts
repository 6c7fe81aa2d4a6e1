import { MOBILE_MSG, REGIST_MSG, TELEPHONE_MSG, isMobile, isTelephone, type SubmitValues } from '@alumni/domain';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { WriteContext } from '../../engine/entity-hooks.js';
import { after, filled } from '../academic/academic-rules.js';
import { normalPhone } from '../identity/identity-normal.js';
import { refuse } from './study-rules.js';

/**
 * A person's phone under its country code (`areaCode`, default +86): a mainland mobile with +86 —
 * typed with +86, spaces or dashes it is kept as its eleven digits — and a phone number elsewhere.
 */
export function checkPersonalPhone(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null): void {
  const areaCode = String(after(values, existing, 'areaCode') ?? '+86');
  if (!/^\+[0-9]{1,4}$/.test(areaCode)) throw refuse(ctx, 'areaCode', REGIST_MSG.badAreaCode);
  if (areaCode === '+86' && filled(values.phone)) {
    const digits = normalPhone(String(values.phone));
    if (/^\d{11}$/.test(digits)) values.phone = digits;
  }
  const phone = after(values, existing, 'phone');
  if ('phone' in values || 'areaCode' in values) {
    if (filled(phone) && areaCode === '+86' && !isMobile(String(phone))) throw refuse(ctx, 'phone', MOBILE_MSG.invalid);
    if (filled(phone) && areaCode !== '+86' && !isTelephone(String(phone))) throw refuse(ctx, 'phone', TELEPHONE_MSG);
  }
}
