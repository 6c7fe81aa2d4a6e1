import { REGION_ROOT, isRegionLevel, regionCodeProblem } from '@alumni/domain';
import { derivedColumns, type RegionParent } from '../modules/region/region-rules.js';
import regions from './data/regions.json' with { type: 'json' };
import type { SeedWriter } from './seed-writer.js';

/** A region of the shipped data (GB/T 2260 code and name) with the regions below it. */
export interface RegionSeed {
  code: string;
  name: string;
  children?: RegionSeed[];
}

/** The 34 provincial-level divisions, and the prefecture-level cities of 广东省 and 江苏省. */
export const REGION_SEED: readonly RegionSeed[] = regions as RegionSeed[];

/** Writes the shipped regions with the columns the server derives from each parent chain. */
export async function seedRegions(w: SeedWriter, list: readonly RegionSeed[] = REGION_SEED, parent: RegionParent | null = null): Promise<void> {
  const level = (parent?.regionLevel ?? 0) + 1;
  if (!isRegionLevel(level)) throw new Error(`regions below ${parent?.code} are too deep`);
  let sort = 0;
  for (const region of list) {
    const problem = regionCodeProblem(region.code, level, parent?.code ?? REGION_ROOT, 'en');
    if (problem) throw new Error(`region ${region.code} ${region.name}: ${problem}`);
    const derived = derivedColumns(parent, region.code, region.name, level);
    sort += 1;
    await w.insert('blade_region', {
      code: region.code, parentCode: parent?.code ?? REGION_ROOT, name: region.name, regionLevel: String(level), sort, ...derived,
    });
    if (region.children?.length) {
      const chain = Object.fromEntries(Object.entries(derived).filter(([key]) => key !== 'ancestors'));
      await seedRegions(w, region.children, { code: region.code, ancestors: String(derived.ancestors), regionLevel: level, chain });
    }
  }
}
