/**
 * Menu icons in both clients (decision 281). A menu's `source` is drawn by BladeX's clients as the
 * class of an `<i>` (`iconfont iconicon_setting`) and by this product's web app as one of its bundled
 * Ant Design icons. The product stores `iconfont <BladeX class> <Ant Design name>`: a BladeX client
 * draws the iconfont class and ignores the unknown one, the web app draws the Ant Design name. A
 * `source` holding only a BladeX class (a menu made in a BladeX client, or imported) is drawn by the
 * web app through BLADEX_ICONFONT_ICONS.
 */

/** The bundled icon standing for each iconfont class the BladeX 3.x seed menus store in `source`. */
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

/**
 * The BladeX iconfont class drawn in BladeX's clients for each Ant Design icon a menu of this
 * product may name: the nearest glyph among those BladeX's own menus use, so the font has it.
 */
export const MENU_ICON_BLADEX_CLASSES: Readonly<Record<string, string>> = {
  AccountBookOutlined: 'iconicon_savememo', ApartmentOutlined: 'iconicon_group', ApiOutlined: 'icon-iconset0216',
  AppstoreAddOutlined: 'iconicon_discovery', AppstoreOutlined: 'iconicon_compile', AuditOutlined: 'iconicon_dispose',
  BankOutlined: 'iconicon_group', BarChartOutlined: 'icon-shujuzhanshi2', BookOutlined: 'iconicon_addresslist',
  BugOutlined: 'icon-rizhi', BuildOutlined: 'iconicon_compile', CalendarOutlined: 'iconicon_task',
  CheckCircleOutlined: 'iconicon_dispose', ClockCircleOutlined: 'iconicon_task', CloudServerOutlined: 'iconicon_cspace',
  CloudUploadOutlined: 'iconicon_coinpurse_line', ClusterOutlined: 'iconicon_group', CodeOutlined: 'iconicon_compile',
  CommentOutlined: 'iconicon_message', ContactsOutlined: 'iconicon_addresslist', ControlOutlined: 'icon-canshu',
  CustomerServiceOutlined: 'iconicon_principal', DashboardOutlined: 'icon-yanzhengma', DatabaseOutlined: 'iconicon_cspace',
  DeploymentUnitOutlined: 'iconicon_send', DesktopOutlined: 'iconicon_airplay', EditOutlined: 'iconicon_compile',
  EnvironmentOutlined: 'iconicon_GPS', ExportOutlined: 'iconicon_send', EyeOutlined: 'iconicon_search',
  FileDoneOutlined: 'iconicon_dispose', FileSearchOutlined: 'iconicon_search', FileTextOutlined: 'iconicon_doc',
  FilterOutlined: 'icon-shujuzhanshi2', FlagOutlined: 'iconicon_ding', FormOutlined: 'icon-biaodan',
  GiftOutlined: 'iconicon_discovery', GlobalOutlined: 'iconicon_GPS', HddOutlined: 'iconicon_cspace',
  HeartOutlined: 'iconicon_principal', HomeOutlined: 'iconicon_airplay', IdcardOutlined: 'iconicon_boss',
  ImportOutlined: 'iconicon_coinpurse_line', InboxOutlined: 'iconicon_cloud_history', LayoutOutlined: 'iconicon_work',
  MailOutlined: 'iconicon_message', MenuOutlined: 'iconicon_subordinate', MessageOutlined: 'iconicon_sms',
  MobileOutlined: 'iconicon_mobilephone', MoneyCollectOutlined: 'iconicon_savememo', NotificationOutlined: 'iconicon_sms',
  OrderedListOutlined: 'iconicon_subordinate', PaperClipOutlined: 'iconicon_ding', PartitionOutlined: 'iconicon_work',
  PictureOutlined: 'iconicon_cspace', PlayCircleOutlined: 'iconicon_send', ProfileOutlined: 'iconicon_savememo',
  ProjectOutlined: 'iconicon_work', ReadOutlined: 'iconicon_study', RocketOutlined: 'iconicon_send',
  SafetyCertificateOutlined: 'iconicon_safety', ScheduleOutlined: 'iconicon_task', SendOutlined: 'iconicon_send',
  SettingOutlined: 'iconicon_setting', ShopOutlined: 'icon-quanxian', SnippetsOutlined: 'iconicon_savememo',
  SolutionOutlined: 'iconicon_boss', SoundOutlined: 'iconicon_notice', TableOutlined: 'icon-biaodan',
  TeamOutlined: 'iconicon_group', ToolOutlined: 'icon-wxbgongju', TrophyOutlined: 'iconicon_boss',
  UnorderedListOutlined: 'iconicon_subordinate', UserOutlined: 'iconicon_principal', UsergroupAddOutlined: 'iconicon_group',
  UserSwitchOutlined: 'iconicon_boss',
};

/**
 * The `source` a menu is stored with: a bare Ant Design name this product knows becomes
 * `iconfont <BladeX class> <name>`, so BladeX's clients draw it too; anything else (a BladeX class, a
 * source already in that form, an empty or unknown one) is kept as it is. Applying it twice changes nothing.
 */
export function menuIconSource<T extends string | null | undefined>(source: T): T | string {
  if (typeof source !== 'string') return source;
  const name = source.trim();
  const bladex = Object.hasOwn(MENU_ICON_BLADEX_CLASSES, name) ? MENU_ICON_BLADEX_CLASSES[name] : undefined;
  return bladex ? `iconfont ${bladex} ${name}` : source;
}
