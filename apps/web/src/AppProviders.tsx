import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect, type ReactNode } from 'react';
import { FeedbackBridge } from './components/FeedbackBridge';
import { useReducedMotion } from './lib/use-reduced-motion';
import { useSettingsStore } from './stores/settings-store';

/** Theme (motion off when the system asks for reduced motion), language (antd locale and dayjs follow i18n) and the toast holder. */
export function AppProviders({ children }: { children: ReactNode }) {
  const lang = useSettingsStore((s) => s.lang);
  const color = useSettingsStore((s) => s.color);
  // A system asking for reduced motion gets no sliding, zooming or fading in any component.
  const motion = !useReducedMotion();

  useEffect(() => {
    // dayjs serves the dates of the signed-in pages, not the sign-in page: it loads beside the first
    // render instead of with the entry (the pages that show dates are lazy and arrive after it).
    void import('./lib/dayjs-locale').then((m) => m.applyDayjsLocale(lang));
  }, [lang]);

  return (
    <ConfigProvider locale={lang === 'zh' ? zhCN : enUS} theme={{ token: { colorPrimary: color, borderRadius: 6, motion } }}>
      <FeedbackBridge />
      {children}
    </ConfigProvider>
  );
}
