import {
  BUSINESS_DICTIONARIES, PLATFORM_TENANT, SYSTEM_DICTIONARIES, dictBizEntity, dictEntity, isStrongPassword, paramEntity,
} from '@alumni/domain';
import type { SourceRow } from './bladex-source.js';
import { ProductState } from './product-state.js';
import { Planner, dateTime, fit, int } from './planner.js';

interface ProductEntry {
  id: string;
  code: string;
  dictKey: string;
  dictValue: string;
}

const PARENT_KEY = '-1';
const isRoot = (row: SourceRow) => !row.parent_id || row.parent_id === '0';

/**
 * A dictionary this product defines (it ships it, or the target already has it) keeps the product's
 * entries: a BladeX entry with the same key and value is pointed at, one that differs or that the
 * product lacks is reported and not imported (the product's code reads its own meanings, e.g.
 * `yes_no` 0/1 where BladeX stores 1/2). Dictionaries the product does not know are imported whole.
 */
function planDictionary(
  p: Planner, kind: 'dict' | 'dictBiz', rows: { row: SourceRow; tenantId: string }[],
  defined: (tenantId: string) => { codes: Set<string>; entries: Map<string, ProductEntry> },
): void {
  const entity = kind === 'dict' ? dictEntity : dictBizEntity;
  for (const { row, tenantId } of rows) {
    const id = row.id ?? '';
    const code = row.code ?? '';
    const key = isRoot(row) ? PARENT_KEY : (row.dict_key ?? '');
    const product = defined(tenantId);
    if (product.codes.has(code) && !p.createdBefore(kind, id)) {
      const entry = product.entries.get(`${code}\u0000${key}`);
      if (entry && (key === PARENT_KEY || entry.dictValue === (row.dict_value ?? ''))) {
        p.match(kind, id, entry.id, tenantId);
      } else {
        p.skip(kind);
        p.report.dictionaryConflicts.push({
          kind, tenantId: kind === 'dict' ? null : tenantId, code, dictKey: key, source: row.dict_value ?? null, product: entry?.dictValue ?? null,
        });
      }
      continue;
    }
    const parentId = isRoot(row) ? '0' : p.resolve(kind, row.parent_id);
    if (!parentId) {
      p.skip(kind);
      p.report.orphans.push({ kind, tenantId, sourceId: id, name: row.dict_value ?? null, parentId: row.parent_id ?? null });
      continue;
    }
    p.place(kind, entity, id, tenantId, {
      parentId,
      code: fit(code, 255),
      dictKey: fit(key, 255),
      dictValue: fit(row.dict_value, 255) ?? '',
      sort: int(row.sort, 1),
      remark: fit(row.remark, 255),
      isSealed: int(row.is_sealed, 0) === 1 ? 1 : 0,
    }, dateTime(row.create_time));
  }
}

function entriesOf(list: ProductEntry[]): Map<string, ProductEntry> {
  const out = new Map<string, ProductEntry>();
  for (const e of list) if (!out.has(`${e.code}\u0000${e.dictKey}`)) out.set(`${e.code}\u0000${e.dictKey}`, e);
  return out;
}

/** System dictionaries (`blade_dict`, platform-wide). */
export function planDicts(p: Planner): void {
  const rows = Planner.treeOrder(p.rowsOf('dict', 'blade_dict')).map(({ row }) => ({ row, tenantId: PLATFORM_TENANT }));
  const product = {
    codes: new Set([...p.state.dicts.map((d) => d.code), ...SYSTEM_DICTIONARIES.map((d) => d.code)]),
    entries: entriesOf(p.state.dicts),
  };
  planDictionary(p, 'dict', rows, () => product);
}

/** Business dictionaries (`blade_dict_biz`), per tenant. */
export function planDictBiz(p: Planner): void {
  const rows: { row: SourceRow; tenantId: string }[] = [];
  for (const { row } of Planner.treeOrder(p.rowsOf('dictBiz', 'blade_dict_biz'))) {
    const tenantId = p.tenantOf('dictBiz', row);
    if (tenantId !== null) rows.push({ row, tenantId });
  }
  const shipped = BUSINESS_DICTIONARIES.map((d) => d.code);
  const perTenant = new Map<string, { codes: Set<string>; entries: Map<string, ProductEntry> }>();
  planDictionary(p, 'dictBiz', rows, (tenantId) => {
    let product = perTenant.get(tenantId);
    if (!product) {
      const own = p.state.dictBiz.filter((d) => d.tenantId === tenantId);
      product = { codes: new Set([...own.map((d) => d.code), ...shipped]), entries: entriesOf(own) };
      perTenant.set(tenantId, product);
    }
    return product;
  });
}

/**
 * Settings that carry the product's rules, and whether a value keeps them given the value the
 * product tenant reads: an initial password must pass the password rules (BladeX's `123456` does
 * not), and the sign-in failures before a lockout may not be more than the product allows.
 */
const PARAM_RULES: Record<string, (value: string, product: string | null) => boolean> = {
  'account.initPassword': (value) => isStrongPassword(value),
  'tenant.default.password': (value) => isStrongPassword(value),
  'account.failCount': (value, product) => /^[1-9]\d{0,8}$/.test(value) && (product === null || !/^\d+$/.test(product) || Number(value) <= Number(product)),
};

/** Whether BladeX's value of a setting would weaken the product's rules. */
export const weakensRules = (key: string, value: string, product: string | null): boolean =>
  PARAM_RULES[key] !== undefined && !(PARAM_RULES[key] as (v: string, p: string | null) => boolean)(value, product);

/**
 * Parameters. BladeX 3.x keeps them for the whole installation (no `tenant_id`): they go with its
 * platform tenant 000000 (or the tenant it is mapped to). A key the product tenant already has keeps
 * the product's value; a different BladeX value is reported. A value that would weaken the product's
 * rules (`account.initPassword` 123456 breaks the password rules) is never imported, not into a
 * tenant the import creates either, where the tenant then reads the platform's value: it is
 * reported with the value the tenant keeps.
 */
export function planParams(p: Planner): void {
  for (const row of p.rowsOf('param', 'blade_param')) {
    const tenantId = p.tenantOf('param', row);
    if (tenantId === null) continue;
    const id = row.id ?? '';
    const key = row.param_key ?? '';
    const value = row.param_value ?? '';
    const existing = p.state.params.get(ProductState.paramKey(tenantId, key));
    const own = p.existing('param', id);
    const product = own ? String(own.param_value ?? '')
      : existing?.value ?? p.state.params.get(ProductState.paramKey(PLATFORM_TENANT, key))?.value ?? null;
    const weakens = weakensRules(key, value, product);
    if (existing && !p.createdBefore('param', id)) {
      if (existing.value === value) {
        p.match('param', id, existing.id, tenantId);
      } else {
        p.skip('param');
        p.report.paramConflicts.push({ tenantId, paramKey: key, source: row.param_value ?? null, product: existing.value, reason: weakens ? 'rules' : 'product' });
      }
      continue;
    }
    if (weakens) {
      p.skip('param');
      p.report.paramConflicts.push({ tenantId, paramKey: key, source: row.param_value ?? null, product, reason: 'rules' });
      continue;
    }
    p.place('param', paramEntity, id, tenantId, {
      paramName: fit(row.param_name, 255) ?? key,
      paramKey: fit(key, 255),
      paramValue: fit(row.param_value, 4000) ?? '',
      remark: fit(row.remark, 255),
      status: int(row.status, 1),
    }, dateTime(row.create_time));
  }
}
