import { describe, expect, it } from 'vitest';
import { contrast, readableOn } from './readable-colour';

describe('readable colours', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // The tester's figure: antd's dark link colour on the dark theme's ground.
    expect(contrast('#1668dc', '#141414')).toBeCloseTo(3.55, 1);
  });

  it('darkens a colour until it reads on light grounds, keeping its hue', () => {
    expect(contrast('#409eff', '#ffffff')).toBeLessThan(3);
    const shade = readableOn('#409EFF', ['#ffffff', '#f0f2f5']);
    expect(contrast(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(shade, '#f0f2f5')).toBeGreaterThanOrEqual(4.5);
    expect(shade).toMatch(/^#[0-9a-f]{6}$/);
    // Still a blue: its blue channel leads.
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(shade.slice(i, i + 2), 16));
    expect(b).toBeGreaterThan(g!);
    expect(g).toBeGreaterThan(r!);
  });

  it('lightens a colour until it reads on dark grounds', () => {
    const shade = readableOn('#1668dc', ['#141414', '#1f1f1f']);
    expect(contrast(shade, '#141414')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(shade, '#1f1f1f')).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps a colour that already reads', () => {
    expect(readableOn('#2C3E50', ['#ffffff'])).toBe('#2c3e50');
  });
});
