import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { appConfig } from '../config';
import { persistIn } from './persist-options';

export type Lang = 'zh' | 'en';

interface SettingsState {
  lang: Lang;
  theme: string;
  color: string;
  collapsed: boolean;
  setLang: (lang: Lang) => void;
  setCollapsed: (collapsed: boolean) => void;
  setTheme: (theme: string) => void;
  setColor: (color: string) => void;
}

/** Language and look; the saved choice wins over the default (zh). */
export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      lang: 'zh',
      theme: appConfig.defaultTheme,
      color: appConfig.defaultColor,
      collapsed: false,
      setLang: (lang) => set({ lang }),
      setCollapsed: (collapsed) => set({ collapsed }),
      setTheme: (theme) => set({ theme }),
      setColor: (color) => set({ color }),
    }),
    persistIn<SettingsState>('settings', 'local', ({ lang, theme, color, collapsed }) =>
      ({ lang, theme, color, collapsed })),
  ),
);
