import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { Lang } from '../stores/settings-store';

/** Dates in pickers and tables follow the chosen language. */
export function applyDayjsLocale(lang: Lang): void {
  dayjs.locale(lang === 'zh' ? 'zh-cn' : 'en');
}
