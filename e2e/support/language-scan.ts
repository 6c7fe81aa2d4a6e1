import type { Page } from '@playwright/test';

/**
 * Words of the Latin script a Chinese screen may show: abbreviations and names that have no
 * Chinese form in use (ID, API, Excel …), units and formats. Anything else in Latin letters on a
 * Chinese screen, outside user data, is an untranslated label.
 */
export const LATIN_IN_CHINESE = new Set([
  'ID', 'API', 'APP', 'App', 'IP', 'URL', 'OSS', 'SMS', 'SMTP', 'Excel', 'PDF', 'Token', 'token', 'OAuth', 'OAuth2',
  'Redis', 'SQL', 'JSON', 'XML', 'BPMN', 'HTTP', 'HTTPS', 'Key', 'Secret', 'AccessKey', 'SecretKey', 'Endpoint', 'Bucket',
  'AppId', 'MinIO', 'minio', 'Saber', 'BladeX', 'KB', 'MB', 'GB', 'ms', 'Blade', 'Auth', 'Basic', 'Bearer',
  'jpg', 'png', 'kb', 'EMS', 'ICP', 'QQ', 'WeChat', 'Lv', 'No', 'px', 'Logo', 'logo', 'Tab', 'www', 'com', 'cn', 'http', 'https',
]);

/**
 * The visible text of the page in the other script than `lang`, outside user data. User data is
 * what the caller marked: table bodies (except dictionary labels, class `dict-label`), data trees,
 * (unless `trees`: a tree of menus is no user data) and anything inside `[data-user-data]`. Returns each offending text once, with where it is.
 */
export async function foreignText(page: Page, lang: 'zh' | 'en', options: { trees?: boolean } = {}): Promise<string[]> {
  const found = await page.evaluate(([l, allowed, trees]) => {
    const han = /[\u3400-\u9fff]/;
    const userData = (trees ? '' : '.ant-tree, ') + '.ant-table-tbody, .ant-descriptions-item-content, [data-user-data], .ant-select-selection-item, .ant-select-content, input, textarea, .ant-picker, .language-switch';
    const hits = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent) continue;
      if (parent.closest('script, style, noscript, svg')) continue;
      if (parent.closest(userData) && !parent.closest('.dict-label')) continue;
      if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const rect = parent.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const where = parent.closest('[class]')?.className.toString().split(' ')[0] ?? parent.tagName;
      if (l === 'en') {
        if (han.test(text)) hits.add(`${text} (${where})`);
      } else {
        const words = text.match(/[A-Za-z][A-Za-z0-9]+/g) ?? [];
        const foreign = words.filter((w) => !(allowed as string[]).includes(w));
        if (foreign.length > 0) hits.add(`${text} (${where})`);
      }
    }
    return [...hits];
  }, [lang, [...LATIN_IN_CHINESE], options.trees ?? false] as const);
  return found;
}
