import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistIn } from './persist-options';

/** An uncaught error of the interface, as the error-log upload carries it. */
export interface ClientLog {
  type: string;
  url: string;
  message: string;
  stack: string;
  info: string;
  time: string;
}

interface LogState {
  logs: ClientLog[];
  add: (log: ClientLog) => void;
  clear: () => void;
}

/** Keeps the newest entries only, so a loop of errors cannot fill the storage. */
const KEEP = 200;

export const useLogStore = create<LogState>()(
  persist(
    (set) => ({
      logs: [],
      add: (log) => set((s) => ({ logs: [log, ...s.logs].slice(0, KEEP) })),
      clear: () => set({ logs: [] }),
    }),
    persistIn<LogState>('logs', 'local', ({ logs }) => ({ logs })),
  ),
);
