import { describe, expect, it } from 'vitest';
import { sanitizeRichText as sanitizeNotice } from '../../engine/rich-text.js';

describe('notice bodies', () => {
  it('keeps formatting and images but drops scripts and event attributes', () => {
    const html = '<p style="color:red"><b>通知</b><img src="https://x/a.png" onerror="alert(1)"></p><script>alert(1)</script><a href="javascript:alert(1)">x</a>';
    const clean = sanitizeNotice(html);
    expect(clean).toContain('<b>通知</b>');
    expect(clean).toContain('<img src="https://x/a.png" />');
    expect(clean).not.toMatch(/script|onerror|javascript:/);
  });
});
