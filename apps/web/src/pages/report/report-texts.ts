import i18n from '../../i18n/index';
import { reportEn } from './report-en';
import { reportZh } from './report-zh';

// Added with the report pages' chunk, so the login page does not carry them.
i18n.addResourceBundle('zh', 'translation', { report: reportZh }, true, false);
i18n.addResourceBundle('en', 'translation', { report: reportEn }, true, false);
