import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MENU_ICON_BLADEX_CLASSES, menuIconSource } from '@alumni/domain';
import { BLADEX_ICONFONT_ICONS, FALLBACK_ICON, menuIconName } from './menu-icon-names';

/** The icons the web app bundles: those menu-icons.tsx imports. */
const source = readFileSync(fileURLToPath(new URL('./menu-icons.tsx', import.meta.url)), 'utf8');
const bundled = new Set([...source.matchAll(/^import (\w+Outlined) from '@ant-design\/icons\/\1';$/gm)].map((m) => m[1] as string));

/** Every `source` of a menu in the BladeX 3.x seed scripts, as stored. */
const BLADEX_SEED_SOURCES = [
  'iconfont iconicon_airplay', 'iconfont iconicon_sms', 'iconfont iconicon_setting', 'iconfont iconicon_principal',
  'iconfont iconicon_group', 'iconfont iconicon_addresslist', 'iconfont iconicon_subordinate', 'iconfont iconicon_boss',
  'iconfont iconicon_community_line', 'iconfont icon-yanzhengma', 'iconfont iconicon_study', 'iconfont icon-canshu',
  'iconfont iconicon_doc', 'iconfont icon-wxbgongju', 'iconfont iconicon_savememo', 'iconfont icon-quanxian',
  'iconfont iconicon_mobilephone', 'iconfont icon-caidanguanli', 'iconfont iconicon_message', 'iconfont iconicon_send',
  'iconfont iconicon_discovery', 'iconfont iconicon_cspace', 'iconfont iconicon_cloud_history', 'iconfont iconicon_GPS',
  'iconfont iconicon_notice', 'iconfont iconicon_compile', 'iconfont iconicon_ding', 'iconfont iconicon_dispose',
  'iconfont iconicon_coinpurse_line', 'iconfont icon-bofangqi-suoping', 'iconfont icon-shujuzhanshi2',
  'iconfont icon-iconset0216', 'iconfont iconicon_work', 'iconfont iconicon_task', 'iconfont iconicon_safety',
  'iconfont iconfont iconicon_search', 'iconfont icon-rizhi', 'iconfont icon-biaodan', 'sliders',
];

describe('menu icon names', () => {
  it('gives every icon of the BladeX seed menus a bundled icon of its own', () => {
    for (const name of BLADEX_SEED_SOURCES) {
      const icon = menuIconName(name, bundled);
      expect(icon, name).not.toBe(FALLBACK_ICON);
      expect(bundled.has(icon), name).toBe(true);
    }
  });

  it("keeps the product's own icon names", () => {
    expect(menuIconName('SettingOutlined', bundled)).toBe('SettingOutlined');
    expect(menuIconName('TeamOutlined', bundled)).toBe('TeamOutlined');
  });

  it('draws the stored form of every bundled icon with its Ant Design name, and gives it a BladeX class', () => {
    for (const name of bundled) {
      const stored = menuIconSource(name);
      const bladex = MENU_ICON_BLADEX_CLASSES[name];
      expect(bladex, name).toBeDefined();
      expect(Object.hasOwn(BLADEX_ICONFONT_ICONS, bladex as string), name).toBe(true);
      expect(stored).toBe(`iconfont ${bladex} ${name}`);
      expect(menuIconName(stored, bundled)).toBe(name);
    }
  });

  it('draws a BladeX class alone with the icon standing for it', () => {
    expect(menuIconName('iconfont iconicon_setting', bundled)).toBe('SettingOutlined');
    expect(menuIconName('iconfont icon-rizhi', bundled)).toBe('FileTextOutlined');
    expect(menuIconName('iconfont iconicon_boss', bundled)).toBe('IdcardOutlined');
  });

  it('falls back to the generic icon for an empty, unknown or unbundled name', () => {
    for (const name of [null, undefined, '', 'iconfont', 'iconfont iconicon_unknown', 'iconfont icon-nothing-here', 'NotAnIcon', 'StarOutlined', 'toString', 'constructor']) {
      expect(menuIconName(name, bundled)).toBe(FALLBACK_ICON);
    }
    expect(bundled.has(FALLBACK_ICON)).toBe(true);
  });
});
