import { ConfigProvider } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedbackBridge } from './components/FeedbackBridge';
import { lightTokens } from './layout/theme-tokens';
import { antdLocale } from './i18n/language-packs';
import { useReducedMotion } from './lib/use-reduced-motion';
import { useSettingsStore } from './stores/settings-store';

/**
 * Theme (the product's readable colour tokens for the chosen colour; motion off when the system asks for
 * reduced motion), language (antd locale and dayjs follow i18n) and the toast holder.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const lang = useSettingsStore((s) => s.lang);
  // antd follows i18n's language, which changes once the chosen language's texts have arrived.
  const { i18n } = useTranslation();
  const color = useSettingsStore((s) => s.color);
  // A system asking for reduced motion gets no sliding, zooming or fading in any component.
  const motion = !useReducedMotion();

  useEffect(() => {
    // dayjs serves the dates of the signed-in pages, not the sign-in page: it loads beside the first
    // render instead of with the entry (the pages that show dates are lazy and arrive after it).
    void import('./lib/dayjs-locale').then((m) => m.applyDayjsLocale(lang));
  }, [lang]);

  return (
    <ConfigProvider locale={antdLocale(i18n.language)} theme={{ token: { ...lightTokens(color), borderRadius: 6, motion } }}>
      <FeedbackBridge />
      {children}
    </ConfigProvider>
  );
}
