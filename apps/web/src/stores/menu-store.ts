import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { ButtonNode, MenuNode } from '../api/menu';
import { persistIn } from './persist-options';

interface MenuState {
  menus: MenuNode[];
  /** Button permission codes the user holds, each true. */
  buttons: Record<string, true>;
  /** The side menu of the chosen top menu; null shows every menu (the home item). */
  sideMenus: MenuNode[] | null;
  topMenuId: string;
  setMenus: (menus: MenuNode[]) => void;
  setSideMenus: (topMenuId: string, menus: MenuNode[] | null) => void;
  setButtons: (tree: ButtonNode[]) => void;
  clear: () => void;
}

/** Leaves of the buttons tree (category 2) are the permission codes. */
export function flattenButtons(tree: readonly ButtonNode[], into: Record<string, true> = {}): Record<string, true> {
  for (const node of tree) {
    if (node.category === 2 && node.code) into[node.code] = true;
    if (node.children) flattenButtons(node.children, into);
  }
  return into;
}

export const useMenuStore = create<MenuState>()(
  persist(
    (set) => ({
      menus: [],
      buttons: {},
      sideMenus: null,
      topMenuId: '',
      setMenus: (menus) => set({ menus }),
      setSideMenus: (topMenuId, sideMenus) => set({ topMenuId, sideMenus }),
      setButtons: (tree) => set({ buttons: flattenButtons(tree) }),
      clear: () => set({ menus: [], buttons: {}, sideMenus: null, topMenuId: '' }),
    }),
    persistIn<MenuState>('menu', 'local', ({ menus, buttons, sideMenus, topMenuId }) => ({ menus, buttons, sideMenus, topMenuId })),
  ),
);

/** Whether the user holds a button permission. */
export const useCan = (code: string): boolean => useMenuStore((s) => s.buttons[code] === true);
