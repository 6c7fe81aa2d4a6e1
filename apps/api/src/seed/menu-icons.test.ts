import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MENU_TREE, TOP_MENUS, type MenuSeed } from './menu-tree.js';

/** The web app bundles only the icons its map names; a seeded icon missing there falls back to a generic one. */
const iconMap = readFileSync(fileURLToPath(new URL('../../../web/src/layout/menu-icons.tsx', import.meta.url)), 'utf8');
const bundled = new Set([...iconMap.matchAll(/^import (\w+Outlined) from '@ant-design\/icons\/\1';$/gm)].map((m) => m[1]));

const sources = (menus: MenuSeed[]): string[] => menus.flatMap((m) => [m.source, ...sources(m.children ?? [])]);

describe('menu icons', () => {
  it('every icon a seeded menu or top menu names is bundled by the web app', () => {
    const named = new Set([...sources(MENU_TREE), ...TOP_MENUS.map((t) => t.source)].filter(Boolean));
    expect(bundled.size).toBeGreaterThan(10);
    expect([...named].filter((icon) => !bundled.has(icon))).toEqual([]);
  });
});
