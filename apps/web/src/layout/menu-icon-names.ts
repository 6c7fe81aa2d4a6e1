import { BLADEX_ICONFONT_ICONS } from '@alumni/domain';

export { BLADEX_ICONFONT_ICONS };

/** The icon menus without one (or with one not bundled) show. */
export const FALLBACK_ICON = 'AppstoreOutlined';

const pascal = (kebab: string) => kebab.split('-').map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join('');

/**
 * The bundled icon a menu's `source` names, whichever form the row holds: this product's stored form
 * (`iconfont iconicon_setting SettingOutlined`, decision 281) or a bare icon name of this product
 * (`SettingOutlined`), both drawn with the Ant Design name; a BladeX iconfont class alone
 * (`iconfont iconicon_setting`, as BladeX's clients and the import store it); or an Ant Design 3 name
 * as older BladeX rows hold (`sliders`). Anything else gets the fallback icon.
 */
export function menuIconName(source: string | null | undefined, bundled: ReadonlySet<string>): string {
  const tokens = String(source ?? '').trim().split(/\s+/).filter((token) => token && token !== 'iconfont');
  const fitting = [
    ...tokens,
    ...tokens.map((token) => (Object.hasOwn(BLADEX_ICONFONT_ICONS, token) ? BLADEX_ICONFONT_ICONS[token] : undefined)),
    ...tokens.map((token) => `${pascal(token)}Outlined`),
  ];
  return fitting.find((candidate): candidate is string => candidate !== undefined && bundled.has(candidate)) ?? FALLBACK_ICON;
}
