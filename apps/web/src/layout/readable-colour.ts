/**
 * WCAG 2 contrast arithmetic on `#rrggbb` colours, and the shade of a chosen colour that reads on
 * given grounds: the product's own colour tokens are computed with it, so a colour the user picks
 * (or the default #409EFF, 2.8:1 on white) is shown at the lightness that reaches AA.
 */

type Rgb = [number, number, number];

const parseHex = (hex: string): Rgb => {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h.slice(0, 6);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
};

const toHex = (rgb: Rgb): string => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** Relative luminance (WCAG 2). */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const toHsl = ([r, g, b]: Rgb): Rgb => {
  const [rr, gg, bb] = [r / 255, g / 255, b / 255];
  const max = Math.max(rr, gg, bb);
  const min = Math.min(rr, gg, bb);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rr ? (gg - bb) / d + (gg < bb ? 6 : 0) : max === gg ? (bb - rr) / d + 2 : (rr - gg) / d + 4;
  return [h / 6, s, l];
};

const fromHsl = ([h, s, l]: Rgb): Rgb => {
  if (s === 0) return [l * 255, l * 255, l * 255];
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  return [channel(h + 1 / 3) * 255, channel(h) * 255, channel(h - 1 / 3) * 255];
};

/**
 * The colour itself when it reaches `ratio` against every ground, else the nearest shade of its hue
 * that does: darker when the grounds are light, lighter when they are dark (the first ground decides).
 */
export function readableOn(colour: string, grounds: readonly string[], ratio = 4.5): string {
  const reads = (c: string) => grounds.every((g) => contrast(c, g) >= ratio);
  if (reads(colour)) return colour.toLowerCase();
  const [h, s, l] = toHsl(parseHex(colour));
  const step = luminance(grounds[0] ?? '#ffffff') > 0.18 ? -0.005 : 0.005;
  for (let lightness = l + step; lightness >= 0 && lightness <= 1; lightness += step) {
    const shade = toHex(fromHsl([h, s, lightness]));
    if (reads(shade)) return shade;
  }
  return step < 0 ? '#000000' : '#ffffff';
}
