import { defineEntity } from '../../entity.js';
import { dict, integer, text } from '../../fields.js';
import { fill, t, type Lang, type Text } from '../../text.js';

/** The parent code of the provinces (the tree's root). */
export const REGION_ROOT = '00';

/** Levels of the administrative divisions (system dictionary `region`): 1 province … 5 village. */
export const REGION_LEVELS = [1, 2, 3, 4, 5] as const;
export type RegionLevel = (typeof REGION_LEVELS)[number];

/** The columns a row carries for each level of its parent chain (itself included), filled by the server. */
export const REGION_LEVEL_COLUMNS: Readonly<Record<RegionLevel, { code: string; name: string }>> = {
  1: { code: 'provinceCode', name: 'provinceName' },
  2: { code: 'cityCode', name: 'cityName' },
  3: { code: 'districtCode', name: 'districtName' },
  4: { code: 'townCode', name: 'townName' },
  5: { code: 'villageCode', name: 'villageName' },
};

const chain = (zh: string, en: string, max: number) => text(t(zh, en), { max, form: 'readonly' });

/**
 * Administrative divisions of China (GB/T 2260 codes), one tree keyed by code: provinces under
 * `00`, then cities, districts, towns and villages. Platform-wide: every tenant reads them, only
 * tenant 000000 writes them.
 */
export const regionEntity = defineEntity({
  name: 'region',
  label: t('行政区划', 'Region'),
  table: 'blade_region',
  scope: 'platform',
  readByEveryTenant: true,
  permission: 'region',
  api: { base: '/blade-system/region' },
  detailKey: 'code',
  fields: {
    parentCode: text(t('上级区划编号', 'Parent code'), { max: 12, default: REGION_ROOT, form: 'create-only' }),
    code: text(t('区划编号', 'Code'), {
      required: true, max: 12, list: true, search: 'like', form: 'create-only', trigger: 'blur', width: 130,
      requiredMessage: t('请输入区划编号', 'Please enter the region code'),
    }),
    name: text(t('区划名称', 'Name'), {
      required: true, max: 32, list: true, search: 'like', trigger: 'blur',
      requiredMessage: t('请输入区划名称', 'Please enter the region name'),
    }),
    regionLevel: dict(t('区划等级', 'Level'), 'region', {
      required: true, list: true, search: 'equal', form: 'create-only', width: 120,
      requiredMessage: t('请选择区划等级', 'Please choose the region level'),
    }),
    ancestors: text(t('祖区划编号', 'Ancestors'), { max: 255, form: 'hidden' }),
    provinceCode: chain('省级区划编号', 'Province code', 12),
    provinceName: chain('省级名称', 'Province', 32),
    cityCode: chain('市级区划编号', 'City code', 12),
    cityName: chain('市级名称', 'City', 32),
    districtCode: chain('区级区划编号', 'District code', 12),
    districtName: chain('区级名称', 'District', 32),
    townCode: chain('镇级区划编号', 'Town code', 12),
    townName: chain('镇级名称', 'Town', 32),
    villageCode: chain('村级区划编号', 'Village code', 12),
    villageName: chain('村级名称', 'Village', 32),
    sort: integer(t('排序', 'Sort'), { min: 0, max: 999_999, default: 1, list: true, sortable: true, width: 90 }),
    remark: text(t('备注', 'Remark'), { max: 255, wide: true }),
  },
  defaultSort: [{ field: 'sort' }, { field: 'code' }],
  unique: [{ fields: ['code'], message: t('区划编号已存在: {value}', 'This region code already exists: {value}') }],
  titleField: 'name',
});

export const REGION_MSG = {
  codeDigits: t('区划编号须为{length}位数字', 'The region code must be {length} digits'),
  codeShape: t('{level}的区划编号须为{pattern}', 'A {levelEn} code must look like {pattern}'),
  codePrefix: t('区划编号须以上级区划编号的前{prefix}位开头', 'The code must begin with the first {prefix} digits of the parent code'),
  parentMissing: t('上级区划不存在: {value}', 'The parent region does not exist: {value}'),
  levelMismatch: t('区划等级须为上级等级加一({level})', 'The level must be one below the parent ({level})'),
  tooDeep: t('村级区划下不能再添加区划', 'A village cannot have regions below it'),
  hasChildren: t('请先删除子节点!', 'Please remove the children first!'),
};

/** How long a code of each level is, how many of its digits its parent's code gives, and the level's name. */
const LEVEL_SHAPE: Readonly<Record<RegionLevel, { length: number; prefix: number; own: number; name: Text; pattern: string }>> = {
  1: { length: 6, prefix: 0, own: 2, name: t('省级', 'province'), pattern: 'XX0000' },
  2: { length: 6, prefix: 2, own: 2, name: t('市级', 'city'), pattern: 'XXYY00' },
  3: { length: 6, prefix: 4, own: 2, name: t('区县级', 'district'), pattern: 'XXYYZZ' },
  4: { length: 9, prefix: 6, own: 3, name: t('乡镇级', 'town'), pattern: 'XXYYZZ###' },
  5: { length: 12, prefix: 9, own: 3, name: t('村级', 'village'), pattern: 'XXYYZZ######' },
};

export const isRegionLevel = (value: number): value is RegionLevel => (REGION_LEVELS as readonly number[]).includes(value);

/**
 * The problem with a region code of a level under a parent code, or null when it is well formed
 * (GB/T 2260): a province `XX0000`, a city `XXYY00` under `XX0000`, a district `XXYYZZ` under
 * `XXYY00`, a town 9 digits under its district's 6, a village 12 digits under its town's 9. The
 * digits a level adds may not all be zero, and those of the levels below it (within 6 digits) must be.
 */
export function regionCodeProblem(code: string, level: RegionLevel, parentCode: string, lang: Lang): string | null {
  const shape = LEVEL_SHAPE[level];
  if (!new RegExp(`^\\d{${shape.length}}$`).test(code)) return fill(REGION_MSG.codeDigits[lang], { length: shape.length });
  if (shape.prefix > 0 && code.slice(0, shape.prefix) !== parentCode.slice(0, shape.prefix)) {
    return fill(REGION_MSG.codePrefix[lang], { prefix: shape.prefix });
  }
  const own = code.slice(shape.prefix, shape.prefix + shape.own);
  const rest = code.slice(shape.prefix + shape.own);
  if (/^0+$/.test(own) || /[^0]/.test(rest)) {
    return fill(REGION_MSG.codeShape[lang], { level: shape.name.zh, levelEn: shape.name.en, pattern: shape.pattern });
  }
  return null;
}
