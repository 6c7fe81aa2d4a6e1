import { OSS_CATEGORY, RESOURCE_MSG, SMS_CATEGORY, type SubmitValues } from '@alumni/domain';
import { badRequest, invalidFields } from '../../core/errors.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { EntityHooks, WriteContext } from '../../engine/entity-hooks.js';
import type { OutboundGuard } from '../../security/outbound-address.js';

/** A value as it will be stored: the submitted one, else the stored one. */
const after = (values: SubmitValues, existing: JsonRecord | null, name: string) =>
  (name in values ? values[name] : existing?.[name]) ?? null;

const filled = (value: unknown) => value !== null && String(value).trim() !== '';

function requireUrl(ctx: WriteContext, values: SubmitValues, name: string): void {
  const value = values[name];
  if (typeof value !== 'string' || value === '') return;
  let ok = false;
  try {
    ok = /^https?:$/.test(new URL(value).protocol);
  } catch {
    ok = false;
  }
  if (!ok) throw invalidFields({ [name]: `${ctx.entity.fields[name]?.label[ctx.lang] ?? name}: http(s)://…` });
}

/**
 * An endpoint the server would connect to is checked before the write's transaction (a name is
 * resolved): written as, or resolving to, an address the server does not connect to, it is a 400.
 */
const endpointCheck = (guard: OutboundGuard): EntityHooks['beforeTransaction'] => async (ctx, values) => {
  if (typeof values.endpoint === 'string' && values.endpoint !== '') await guard.checkField({ url: values.endpoint }, 'endpoint', ctx.lang);
};

/** Object storage: an S3-compatible category needs its endpoint (an http(s) URL), bucket and keys. */
export const ossHooks = (guard: OutboundGuard): EntityHooks => ({
  beforeTransaction: endpointCheck(guard),
  async beforeSave(ctx, values, existing) {
    if (!existing) values.enabled = 0; // a new configuration waits for enable
    requireUrl(ctx, values, 'endpoint');
    if (String(after(values, existing, 'category')) === OSS_CATEGORY.local) return;
    if (!['endpoint', 'bucketName', 'accessKey', 'secretKey'].every((n) => filled(after(values, existing, n)))) throw badRequest(RESOURCE_MSG.s3Incomplete);
  },
});

/** SMS: the cloud providers need their keys, Tencent its SDK app id; the endpoint is an http(s) URL. */
export const smsHooks = (guard: OutboundGuard): EntityHooks => ({
  beforeTransaction: endpointCheck(guard),
  async beforeSave(ctx, values, existing) {
    if (!existing) values.enabled = 0; // a new configuration waits for enable
    requireUrl(ctx, values, 'endpoint');
    const category = String(after(values, existing, 'category'));
    if (category === SMS_CATEGORY.log) return;
    if (!filled(after(values, existing, 'accessKey')) || !filled(after(values, existing, 'secretKey'))) throw badRequest(RESOURCE_MSG.providerIncomplete);
    if (category === SMS_CATEGORY.tencent && !filled(after(values, existing, 'appId'))) throw badRequest(RESOURCE_MSG.tencentAppId);
  },
});
