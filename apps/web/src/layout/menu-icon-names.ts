/**
 * The bundled icon standing for each iconfont class the BladeX seed menus store in `source`
 * (`iconfont iconicon_setting` ...), so menus taken over from BladeX render with a fitting icon.
 */
export const BLADEX_ICONFONT_ICONS: Readonly<Record<string, string>> = {
  iconicon_airplay: 'DesktopOutlined',
  iconicon_sms: 'NotificationOutlined',
  iconicon_setting: 'SettingOutlined',
  iconicon_principal: 'UserOutlined',
  iconicon_group: 'ApartmentOutlined',
  iconicon_addresslist: 'BookOutlined',
  iconicon_subordinate: 'MenuOutlined',
  iconicon_boss: 'IdcardOutlined',
  iconicon_community_line: 'ControlOutlined',
  'icon-yanzhengma': 'DashboardOutlined',
  iconicon_study: 'ReadOutlined',
  'icon-canshu': 'ControlOutlined',
  iconicon_doc: 'FileTextOutlined',
  'icon-wxbgongju': 'ToolOutlined',
  iconicon_savememo: 'ProfileOutlined',
  'icon-quanxian': 'ShopOutlined',
  iconicon_mobilephone: 'MobileOutlined',
  'icon-caidanguanli': 'CloudServerOutlined',
  iconicon_message: 'MailOutlined',
  iconicon_send: 'DeploymentUnitOutlined',
  iconicon_discovery: 'AppstoreAddOutlined',
  iconicon_cspace: 'CloudServerOutlined',
  iconicon_cloud_history: 'ProfileOutlined',
  iconicon_GPS: 'GlobalOutlined',
  iconicon_notice: 'SoundOutlined',
  iconicon_compile: 'AppstoreAddOutlined',
  iconicon_ding: 'PaperClipOutlined',
  iconicon_dispose: 'ProfileOutlined',
  iconicon_coinpurse_line: 'CloudUploadOutlined',
  'icon-bofangqi-suoping': 'SafetyCertificateOutlined',
  'icon-shujuzhanshi2': 'FilterOutlined',
  'icon-iconset0216': 'ApiOutlined',
  iconicon_work: 'LayoutOutlined',
  iconicon_task: 'DashboardOutlined',
  iconicon_safety: 'SafetyCertificateOutlined',
  iconicon_search: 'FilterOutlined',
  'icon-rizhi': 'FileTextOutlined',
  'icon-biaodan': 'LayoutOutlined',
  // The Ant Design 3 name the base configuration menu holds.
  sliders: 'ControlOutlined',
};

/** The icon menus without one (or with one not bundled) show. */
export const FALLBACK_ICON = 'AppstoreOutlined';

const pascal = (kebab: string) => kebab.split('-').map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join('');

/**
 * The bundled icon a menu's `source` names, whichever form the row holds: an icon name of this
 * product (`SettingOutlined`), a BladeX iconfont class (`iconfont iconicon_setting`), or an Ant
 * Design 3 name as older BladeX rows hold (`sliders`). Anything else gets the fallback icon.
 */
export function menuIconName(source: string | null | undefined, bundled: ReadonlySet<string>): string {
  const tokens = String(source ?? '').trim().split(/\s+/).filter((token) => token && token !== 'iconfont');
  const name = tokens[tokens.length - 1] ?? '';
  const candidates = [name, BLADEX_ICONFONT_ICONS[name], `${pascal(name)}Outlined`];
  return candidates.find((candidate): candidate is string => candidate !== undefined && bundled.has(candidate)) ?? FALLBACK_ICON;
}
