import type { Locator } from '@playwright/test';

/**
 * The lowest WCAG contrast ratio between an element's text colour and the ground it is drawn on:
 * the first ancestor (or itself) with an opaque colour or a gradient. A gradient counts each of its
 * colour stops, so the text must read on every part of it. A translucent text colour is blended
 * onto the ground first.
 */
export async function textContrast(element: Locator): Promise<number> {
  return element.evaluate((el) => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba[] =>
      [...css.matchAll(/rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/g)]
        .map((m) => [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])]);
    const grounds = (): Rgba[] => {
      for (let node: Element | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.backgroundImage.includes('gradient')) return parse(style.backgroundImage);
        const [colour] = parse(style.backgroundColor);
        if (colour && colour[3] > 0.5) return [colour];
      }
      return [[255, 255, 255, 1]];
    };
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const text = parse(getComputedStyle(el).color)[0]!;
    return Math.min(...grounds().map((ground) => {
      const a = text[3];
      const blended: Rgba = [0, 1, 2].map((i) => text[i]! * a + ground[i]! * (1 - a)).concat(1) as Rgba;
      const [hi, lo] = [luminance(blended), luminance(ground)].sort((x, y) => y - x);
      return (hi! + 0.05) / (lo! + 0.05);
    }));
  });
}
