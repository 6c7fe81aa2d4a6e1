import { MESSAGING_CODE_RE, MESSAGING_MSG, registInfoEntity, textEntity } from '@alumni/domain';
import { badRequest, invalidFields } from '../../core/errors.js';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { EntityHooks } from '../../engine/entity-hooks.js';
import { after } from '../academic/academic-rules.js';
import { currentText } from './current-text.js';

const VERSION_RE = /^v?[0-9]+(\.[0-9]+){0,2}$/;
/** What may still change on a version that registrations accepted: it may only be disabled. */
const CHANGEABLE_WHEN_ACCEPTED = new Set(['status']);

/** Today in the configured time zone, `yyyy-MM-dd`. */
const today = (): string => now().slice(0, 10);

/** Whether any registration accepted this version of this text. */
async function accepted(db: Db, tenantId: string, row: JsonRecord): Promise<boolean> {
  const found = await db.selectFrom(registInfoEntity.table).select('id')
    .where('tenant_id', '=', tenantId).where('is_deleted', '=', 0)
    .where('agreement_text_code', '=', String(row.textCode)).where('agreement_version', '=', String(row.version))
    .limit(1).executeTakeFirst();
  return found !== undefined;
}

/**
 * Marks, for each code, the row alumni read today: the enabled one with the latest effective date
 * not after today. Run after every write to a code's versions; the public pages read the current
 * version by the same rule at the time they are asked, so a version dated ahead takes over on its day.
 */
export async function markCurrentVersions(db: Db, tenantId: string, codes: readonly string[]): Promise<void> {
  for (const code of new Set(codes)) {
    const current = await currentText(db, tenantId, code);
    await db.updateTable(textEntity.table).set({ is_current: 0 })
      .where('tenant_id', '=', tenantId).where('text_code', '=', code).where('is_current', '=', 1).execute();
    if (current) await db.updateTable(textEntity.table).set({ is_current: 1 }).where('id', '=', current.id).execute();
  }
}

/** The rules of texts (DOMAIN 8.7) beyond their fields. */
export function textHooks(db: Db): EntityHooks {
  return {
    async beforeSave(ctx, values, existing) {
      if (!existing) {
        const code = values.textCode;
        if (typeof code === 'string' && !MESSAGING_CODE_RE.test(code)) throw invalidFields({ textCode: MESSAGING_MSG.codeFormat[ctx.lang] });
        const version = values.version;
        if (typeof version === 'string' && !VERSION_RE.test(version)) throw invalidFields({ version: MESSAGING_MSG.versionFormat[ctx.lang] });
        if (after(values, existing, 'effectiveDate') === null) values.effectiveDate = today();
      } else {
        const changed = Object.keys(values).filter((name) => name in textEntity.fields && values[name] !== existing[name]);
        if (changed.some((name) => !CHANGEABLE_WHEN_ACCEPTED.has(name)) && (await accepted(ctx.db, ctx.caller.tenantId, existing))) {
          throw badRequest(MESSAGING_MSG.textAccepted);
        }
      }
      values.isCurrent = existing?.isCurrent ?? 0;
    },
    async afterSave(ctx, record) {
      await markCurrentVersions(ctx.db, ctx.caller.tenantId, [String(record.textCode)]);
    },
    async beforeRemove(ctx, rows) {
      for (const row of rows) if (await accepted(ctx.db, ctx.caller.tenantId, row)) throw badRequest(MESSAGING_MSG.textAccepted);
    },
    async afterRemove(rows) {
      const byTenant = new Map<string, string[]>();
      for (const row of rows) byTenant.set(String(row.tenantId), [...(byTenant.get(String(row.tenantId)) ?? []), String(row.textCode)]);
      for (const [tenantId, codes] of byTenant) await markCurrentVersions(db, tenantId, codes);
    },
  };
}
