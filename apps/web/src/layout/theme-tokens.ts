import type { ThemeConfig } from 'antd';
import { readableOn } from './readable-colour';

/**
 * The product's own colour tokens, which every text drawn in them reads at WCAG AA (4.5:1): Ant
 * Design's defaults do not (#1677ff links 4.1:1 on white, #ff4d4f 3.3:1, placeholders #bfbfbf 1.8:1,
 * and in the dark algorithm #1668dc 3.55:1 on #141414). The chosen colour keeps its hue, at the
 * lightness that reads on the grounds of its look.
 */

/** Grounds of the light looks: cards and dialogs, the content area, tab bars and table headers. */
const LIGHT_GROUNDS = ['#ffffff', '#f0f2f5', '#fafafa'];
/** Grounds of the dark look: the page, cards, dialogs and pop-ups, hovered rows. */
const DARK_GROUNDS = ['#000000', '#141414', '#1f1f1f', '#262626'];

/** Status colours as Ant Design seeds them, and the pale grounds its alerts and tags put under them. */
const STATUS = {
  colorError: ['#ff4d4f', '#fff2f0'],
  colorSuccess: ['#52c41a', '#f6ffed'],
  colorWarning: ['#faad14', '#fffbe6'],
} as const;

type Token = NonNullable<ThemeConfig['token']>;

/** Tokens of the light looks (every theme but the dark one) for the chosen colour. */
export function lightTokens(colour: string): Token {
  const primary = readableOn(colour, LIGHT_GROUNDS);
  return {
    colorPrimary: primary,
    colorInfo: primary,
    colorLink: primary,
    // Hovered and pressed: darker still (antd derives lighter ones, white text on them below 4.5:1).
    colorPrimaryHover: readableOn(colour, LIGHT_GROUNDS, 6),
    colorPrimaryActive: readableOn(colour, LIGHT_GROUNDS, 7.5),
    colorLinkHover: readableOn(colour, LIGHT_GROUNDS, 6),
    colorLinkActive: readableOn(colour, LIGHT_GROUNDS, 7.5),
    colorError: readableOn(STATUS.colorError[0], [...LIGHT_GROUNDS, STATUS.colorError[1]]),
    colorSuccess: readableOn(STATUS.colorSuccess[0], [...LIGHT_GROUNDS, STATUS.colorSuccess[1]]),
    colorWarning: readableOn(STATUS.colorWarning[0], [...LIGHT_GROUNDS, STATUS.colorWarning[1]]),
    // Secondary texts (descriptions, empty states, statistic titles) and placeholders: 0.45 and 0.25
    // black in Ant Design, below 4.5:1 on white.
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
  };
}

/**
 * Tokens of the dark look. A colour light enough to read as text on the dark grounds is too light
 * for white text on it, so solid fills of it (primary buttons, the chosen menu entry) carry black text.
 */
export function darkTokens(colour: string): Token {
  const primary = readableOn(colour, DARK_GROUNDS);
  return {
    colorPrimary: primary,
    colorInfo: primary,
    colorLink: primary,
    colorError: readableOn('#dc4446', DARK_GROUNDS),
    colorSuccess: readableOn('#49aa19', DARK_GROUNDS),
    colorWarning: readableOn('#d89614', DARK_GROUNDS),
    colorTextLightSolid: '#000000',
    colorTextTertiary: 'rgba(255, 255, 255, 0.6)',
    colorTextPlaceholder: 'rgba(255, 255, 255, 0.56)',
  };
}

/** Components whose ground stays dark in the dark look, so their text stays white. */
export const DARK_COMPONENTS: ThemeConfig['components'] = {
  Tooltip: { colorTextLightSolid: '#ffffff' },
};
