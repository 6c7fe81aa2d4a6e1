import { describe, expect, it } from 'vitest';
import { shippedEntryLabel } from './dictionary-english.js';

describe('shippedEntryLabel', () => {
  it('names a shipped entry in either language', () => {
    expect(shippedEntryLabel('menu_category', '1', 'zh')).toBe('菜单');
    expect(shippedEntryLabel('menu_category', 2, 'en')).toBe('Button');
  });
  it('knows no entry a tenant added later', () => expect(shippedEntryLabel('menu_category', '9', 'zh')).toBeUndefined());
});
