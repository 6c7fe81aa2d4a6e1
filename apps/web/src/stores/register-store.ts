import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistIn } from './persist-options';

/** A social sign-in without a local account: the oauth id and account to register. */
export interface PendingRegistration {
  oauthId: string;
  account: string;
  name: string;
}

interface RegisterState {
  pending: PendingRegistration | null;
  require: (pending: PendingRegistration) => void;
  clear: () => void;
}

export const useRegisterStore = create<RegisterState>()(
  persist(
    (set) => ({
      pending: null,
      require: (pending) => set({ pending }),
      clear: () => set({ pending: null }),
    }),
    persistIn<RegisterState>('register', 'session', ({ pending }) => ({ pending })),
  ),
);
