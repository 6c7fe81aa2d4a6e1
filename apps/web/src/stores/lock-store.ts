import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistIn } from './persist-options';

interface LockState {
  locked: boolean;
  password: string;
  setPassword: (password: string) => void;
  /** Locks, remembering the page to return to. */
  lock: (returnTo?: string) => void;
  returnTo: string;
  /** Unlocks when the password is the one set; answers whether it was. */
  unlock: (password: string) => boolean;
  clear: () => void;
}

/** The screen lock lives for the browser session only. */
export const useLockStore = create<LockState>()(
  persist(
    (set, get) => ({
      locked: false,
      password: '',
      setPassword: (password) => set({ password }),
      returnTo: '',
      lock: (returnTo = '') => set({ locked: true, returnTo }),
      unlock: (password) => {
        if (password !== get().password) return false;
        set({ locked: false, password: '' });
        return true;
      },
      clear: () => set({ locked: false, password: '' }),
    }),
    persistIn<LockState>('lock', 'session', ({ locked, password, returnTo }) => ({ locked, password, returnTo })),
  ),
);
