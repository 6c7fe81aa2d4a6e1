import { REGION_LEVEL_COLUMNS, REGION_LEVELS, REGION_ROOT, type RegionLevel } from '@alumni/domain';

/** What the server derives of a region from its parent: the ancestors and the chain columns. */
export interface RegionParent {
  code: string;
  ancestors: string;
  regionLevel: RegionLevel;
  /** The parent's chain columns (provinceCode, provinceName, cityCode ...). */
  chain: Record<string, string | null>;
}

export type RegionChain = Record<string, string | null>;

/** The chain columns of a record (null where the record has none). */
export function chainOf(record: Record<string, unknown>): RegionChain {
  const out: RegionChain = {};
  for (const level of REGION_LEVELS) {
    const { code, name } = REGION_LEVEL_COLUMNS[level];
    out[code] = record[code] === null || record[code] === undefined ? null : String(record[code]);
    out[name] = record[name] === null || record[name] === undefined ? null : String(record[name]);
  }
  return out;
}

/**
 * The derived columns of a region with this code, name and level under `parent` (null = a
 * province): `ancestors` is the parent's ancestors followed by the parent's code (`00` for a
 * province), and the chain columns are the parent's with the row's own level set to itself.
 */
export function derivedColumns(parent: RegionParent | null, code: string, name: string, level: RegionLevel): Record<string, string | null> {
  const chain: RegionChain = {};
  for (const l of REGION_LEVELS) {
    const columns = REGION_LEVEL_COLUMNS[l];
    const inherited = parent && l < level ? parent.chain : null;
    chain[columns.code] = l === level ? code : (inherited?.[columns.code] ?? null);
    chain[columns.name] = l === level ? name : (inherited?.[columns.name] ?? null);
  }
  return { ancestors: parent ? `${parent.ancestors},${parent.code}` : REGION_ROOT, ...chain };
}
