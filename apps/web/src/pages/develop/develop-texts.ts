import i18n from '../../i18n/index';
import { developEn } from './develop-en';
import { developZh } from './develop-zh';

// Added with the developer tools' chunk, so the sign-in page does not carry them.
i18n.addResourceBundle('zh', 'translation', { develop: developZh }, true, false);
i18n.addResourceBundle('en', 'translation', { develop: developEn }, true, false);
