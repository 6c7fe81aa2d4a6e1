import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistIn } from './persist-options';
import { closeAllTabs, closeOtherTabs, closeTab, HOME_TAB, openTab, type Tab } from './tab-rules';

export type { Tab } from './tab-rules';

interface TabsState {
  tabs: Tab[];
  open: (tab: Tab) => void;
  /** Closes a tab and answers the tab to show (unchanged unless the active one closed). */
  close: (value: string, active: string) => string;
  closeOthers: (current: string) => void;
  closeAll: () => void;
  clear: () => void;
}

/** The opened pages; they survive a reload. */
export const useTabsStore = create<TabsState>()(
  persist(
    (set, get) => ({
      tabs: [HOME_TAB],
      open: (tab) => set((s) => ({ tabs: openTab(s.tabs, tab) })),
      close: (value, active) => {
        const next = closeTab(get().tabs, value, active);
        set({ tabs: next.tabs });
        return next.active;
      },
      closeOthers: (current) => set((s) => ({ tabs: closeOtherTabs(s.tabs, current) })),
      closeAll: () => set({ tabs: closeAllTabs() }),
      clear: () => set({ tabs: closeAllTabs() }),
    }),
    persistIn<TabsState>('tabs', 'local', ({ tabs }) => ({ tabs })),
  ),
);
