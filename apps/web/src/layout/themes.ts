/** The themes of the specification; each is a palette of the layout (themes.css), not a rename. */
export const THEMES = [
  'theme-default', 'theme-white', 'theme-dark', 'theme-star', 'theme-smart', 'theme-iview',
  'theme-vip', 'theme-cool', 'theme-d2', 'theme-hey', 'theme-lte',
] as const;

export type ThemeName = (typeof THEMES)[number];

/** Themes whose side menu is light (dark text on a pale ground). */
const LIGHT_MENU: ReadonlySet<string> = new Set(['theme-white', 'theme-smart', 'theme-d2', 'theme-hey']);

export const menuThemeOf = (theme: string): 'light' | 'dark' => (LIGHT_MENU.has(theme) ? 'light' : 'dark');

/** The swatch the chooser shows: side menu colour and header colour. */
export const THEME_SWATCH: Readonly<Record<ThemeName, [string, string]>> = {
  'theme-default': ['#20222a', '#ffffff'],
  'theme-white': ['#ffffff', '#ffffff'],
  'theme-dark': ['#141414', '#1f1f1f'],
  'theme-star': ['#0b1d3a', '#12284f'],
  'theme-smart': ['#f4f3ff', '#5a48e8'],
  'theme-iview': ['#191a23', '#ffffff'],
  'theme-vip': ['#2b2d33', '#2b2d33'],
  'theme-cool': ['#0f2027', '#2c5364'],
  'theme-d2': ['#ebf1f6', '#ebf1f6'],
  'theme-hey': ['#fff5f7', '#c2255c'],
  'theme-lte': ['#222d32', '#2c6e94'],
};
