import { useMenuStore } from '../../stores/menu-store';

/** Whether the signed-in user holds a button code (the server still judges every call). */
export const useCan = (code: string): boolean => useMenuStore((s) => !!s.buttons[code]);
