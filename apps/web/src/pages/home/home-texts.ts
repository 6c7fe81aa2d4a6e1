import i18n from '../../i18n/index';
import { homeEn } from './home-en';
import { homeZh } from './home-zh';

// Added with the home page's chunk, so the login page does not carry them.
i18n.addResourceBundle('zh', 'translation', { home: homeZh }, true, false);
i18n.addResourceBundle('en', 'translation', { home: homeEn }, true, false);
