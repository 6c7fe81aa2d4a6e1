import {
  SENSITIVE_VIEW, isFieldMode, permissionCodes, sensitiveFields, type EntityDef, type FieldMode, type FieldRuleMap, type SensitiveKind,
} from '@alumni/domain';
import type { Caller } from '../core/caller.js';
import type { Db } from '../db/database.js';
import { ROLE_FIELD_TABLE } from '../db/migrations/073-role-field-rules.js';
import type { AccessService } from './access-service.js';

/**
 * How a caller sees and writes the fields of one entity: the fields hidden from it, those it reads
 * but may not change, and the sensitive fields it reads masked. Hidden wins over masked.
 */
export interface FieldView {
  hidden: ReadonlySet<string>;
  readonly: ReadonlySet<string>;
  masked: readonly [string, SensitiveKind][];
}

/** The rules of a set of roles and the menus each role holds, remembered together. */
interface RoleRules {
  /** Per role: entity → field → mode. */
  rules: Map<string, Map<string, Map<string, FieldMode>>>;
  /** Per role: the menu and button codes it is granted. */
  codes: Map<string, Set<string>>;
  expiresAt: number;
}

/** As long as the role grants are remembered (access-service.ts); a write of rules drops them at once. */
const RULES_TTL_MS = 10_000;

const NO_FIELDS: ReadonlySet<string> = new Set();

/**
 * Field-level permissions (decisions 320–322). A field is restricted for a caller only as far as
 * every role of the caller that reads the entity restricts it — grants add up, as menus do: hidden
 * when each of those roles hides it, read-only when each hides it or makes it read-only. Roles that
 * do not hold the entity's menu have no say. The super administrator has no restricted field.
 */
export class FieldPermissions {
  private readonly cache = new Map<string, RoleRules>();

  constructor(private readonly db: Db, private readonly access: AccessService) {
    access.onInvalidate(() => this.cache.clear());
  }

  private async roleRules(caller: Caller): Promise<RoleRules> {
    const key = `${caller.tenantId}:${[...caller.roleIds].sort().join(',')}`;
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached;
    const rules = new Map<string, Map<string, Map<string, FieldMode>>>();
    const codes = new Map<string, Set<string>>();
    if (caller.roleIds.length > 0) {
      const rows = await this.db.selectFrom(ROLE_FIELD_TABLE).select(['role_id', 'entity', 'field', 'mode'])
        .where('role_id', 'in', caller.roleIds).where('tenant_id', '=', caller.tenantId).execute();
      for (const row of rows) {
        if (!isFieldMode(row.mode)) continue;
        const role = String(row.role_id);
        const byEntity = rules.get(role) ?? new Map<string, Map<string, FieldMode>>();
        rules.set(role, byEntity);
        const byField = byEntity.get(String(row.entity)) ?? new Map<string, FieldMode>();
        byEntity.set(String(row.entity), byField);
        byField.set(String(row.field), row.mode);
      }
      if (rows.length > 0) {
        const held = await this.db.selectFrom('blade_role_menu as rm').innerJoin('blade_menu as m', 'm.id', 'rm.menu_id')
          .select(['rm.role_id', 'm.code']).where('rm.role_id', 'in', caller.roleIds).where('m.is_deleted', '=', 0).execute();
        for (const row of held) {
          const role = String(row.role_id);
          const set = codes.get(role) ?? new Set<string>();
          codes.set(role, set);
          set.add(String(row.code));
        }
      }
    }
    const loaded = { rules, codes, expiresAt: Date.now() + RULES_TTL_MS };
    this.cache.set(key, loaded);
    return loaded;
  }

  /** The caller's restricted fields of one entity: field → mode (see the class). */
  async restricted(entity: EntityDef, caller: Caller): Promise<Map<string, FieldMode>> {
    const out = new Map<string, FieldMode>();
    if (caller.isSuperAdmin || caller.roleIds.length === 0) return out;
    const { rules, codes } = await this.roleRules(caller);
    if (rules.size === 0) return out;
    const menus = [permissionCodes(entity).menu, ...(entity.examine ? [entity.examine.menu] : []), ...(entity.readMenus ?? [])];
    const readers = caller.roleIds.filter((role) => menus.some((code) => codes.get(role)?.has(code)));
    if (readers.length === 0) return out;
    const first = rules.get(readers[0] as string)?.get(entity.name);
    if (!first) return out;
    for (const field of first.keys()) {
      const modes = readers.map((role) => rules.get(role)?.get(entity.name)?.get(field));
      if (modes.some((m) => m === undefined)) continue;
      out.set(field, modes.every((m) => m === 'hidden') ? 'hidden' : 'readonly');
    }
    return out;
  }

  /** The caller's view of an entity's fields: hidden, read-only and masked (without `alumni_sensitive_view`). */
  async view(entity: EntityDef, caller: Caller): Promise<FieldView> {
    const restricted = await this.restricted(entity, caller);
    const hidden = new Set<string>();
    const readonly = new Set<string>();
    for (const [field, mode] of restricted) (mode === 'hidden' ? hidden : readonly).add(field);
    const sensitive = sensitiveFields(entity).filter(([name]) => !hidden.has(name));
    const masked = sensitive.length > 0 && !(await this.access.can(caller, SENSITIVE_VIEW)) ? sensitive : [];
    return { hidden: hidden.size ? hidden : NO_FIELDS, readonly: readonly.size ? readonly : NO_FIELDS, masked };
  }

  /** Every restricted field of the caller, by entity (the forms of the web client omit or disable them). */
  async all(caller: Caller, entities: readonly EntityDef[]): Promise<FieldRuleMap> {
    const out: FieldRuleMap = {};
    if (caller.isSuperAdmin || caller.roleIds.length === 0) return out;
    const { rules } = await this.roleRules(caller);
    const named = new Set([...rules.values()].flatMap((byEntity) => [...byEntity.keys()]));
    for (const entity of entities) {
      if (!named.has(entity.name)) continue;
      const restricted = await this.restricted(entity, caller);
      if (restricted.size > 0) out[entity.name] = Object.fromEntries(restricted);
    }
    return out;
  }
}
