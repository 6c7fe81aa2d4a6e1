import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/** The rules of WCAG 2.0, 2.1 and 2.2 at levels A and AA, as axe-core tags them. */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe-core's browser bundle, a test-only dependency of the browser tests (decision 323). */
const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * Rules set aside for one selector each, for a reason outside the product (an Ant Design internal
 * the product cannot reach). Every entry names its reason; nothing else is set aside.
 */
export const SET_ASIDE: readonly { rule: string; selector: string; why: string }[] = [
  {
    rule: 'aria-required-children',
    selector: '.ant-tabs-nav',
    why: "antd's Tabs put role=tablist on the bar's wrapper, which also holds its own overflow (…) and add buttons and the bar's extra content, beside the tabs",
  },
  {
    rule: 'aria-hidden-focus',
    selector: '.ant-table-measure-row',
    why: "antd's Table measures column widths in a hidden row of its own, copied from the header (its sortable header cells have tabindex=0)",
  },
  {
    rule: 'scrollable-region-focusable',
    selector: '.ant-table-content',
    why: "antd's Table scrolls a wide table in a container of its own that it does not make focusable; a table without links or buttons cannot be scrolled from the keyboard there",
  },
];

/** The open dialogs and drawers, to check a dialog alone over a page checked already. */
export const DIALOGS = '.ant-modal-root, .ant-drawer';

export interface AxeScan {
  /** `contrast` checks the colour contrast rule alone: the other themes differ from the default in colours only. */
  only?: 'contrast';
  /** A selector of the part to check (a dialog over a page checked already); the whole document otherwise. */
  within?: string;
}

/**
 * The WCAG A/AA violations axe-core finds in the page as it shows now, one line per rule and element
 * (`where: rule [impact] selector — what is wrong`). axe-core is put into the document once and stays
 * while the application changes pages inside it.
 */
export async function axeViolations(page: Page, where: string, scan: AxeScan = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  const found = await page.evaluate(async ([tags, only, within, aside]) => {
    const axe = (window as unknown as { axe: { run: (context: Document | { include: string[][] }, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    interface AxeViolation { id: string; impact: string; nodes: { target: unknown[]; failureSummary?: string }[] }
    const options = only === 'contrast'
      ? { runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations'] }
      : { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] };
    const { violations } = await axe.run(within ? { include: [[within]] } : document, options);
    const lines: string[] = [];
    for (const violation of violations) {
      for (const node of violation.nodes) {
        const target = node.target.map(String).join(' ');
        const element = typeof node.target[0] === 'string' && node.target.length === 1 ? document.querySelector(node.target[0]) : null;
        if (element && aside.some((a) => a.rule === violation.id && element.closest(a.selector))) continue;
        const summary = (node.failureSummary ?? '').split('\n').slice(1).map((s) => s.trim()).filter(Boolean).join(' ');
        lines.push(`${violation.id} [${violation.impact}] ${target} — ${summary}`);
      }
    }
    return lines;
  }, [WCAG_AA, scan.only ?? '', scan.within ?? '', SET_ASIDE] as const);
  return found.map((line) => `${where}: ${line}`);
}
