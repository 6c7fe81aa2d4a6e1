import i18n from './index';
import { shellEn } from './shell-en';
import { shellZh } from './shell-zh';

/**
 * The shell's texts join the translations when the signed-in layout (or the lock page, or the
 * register dialog) loads, so the sign-in page does not download them.
 */
i18n.addResourceBundle('zh', 'translation', { shell: shellZh }, true, false);
i18n.addResourceBundle('en', 'translation', { shell: shellEn }, true, false);
