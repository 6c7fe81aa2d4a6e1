import { Grid } from 'antd';

/**
 * Whether the window is a phone's: narrower than 768 px (antd's `md`), where lists show their
 * priority columns and a ⋯ menu, search forms open in a drawer and dialogs fill the screen.
 */
export function usePhone(): boolean {
  return Grid.useBreakpoint().md === false;
}
