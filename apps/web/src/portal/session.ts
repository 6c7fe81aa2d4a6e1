import { useSyncExternalStore } from 'react';

export type Lang = 'zh' | 'en';

export interface PortalSession {
  tenantId: string;
  lang: Lang;
  /** The alumni token of this tenant (header `Portal-Auth`), or null when signed out. */
  token: string | null;
  name: string | null;
  /** When the token lapses, `yyyy-MM-dd HH:mm:ss` as the server gave it. */
  expiresAt: string | null;
}

const KEY = 'alumni-portal';
export const DEFAULT_TENANT = '000000';
const TENANT_PATTERN = /^[\w-]{1,32}$/;

function load(): PortalSession {
  let saved: Partial<PortalSession> = {};
  try {
    saved = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<PortalSession>;
  } catch {
    saved = {};
  }
  const asked = new URLSearchParams(window.location.search).get('tenant');
  const tenantId = asked && TENANT_PATTERN.test(asked) ? asked : saved.tenantId ?? DEFAULT_TENANT;
  const browserLang: Lang = navigator.language.toLowerCase().startsWith('zh') ? 'zh' : 'en';
  const lang: Lang = saved.lang === 'zh' || saved.lang === 'en' ? saved.lang : browserLang;
  // A token belongs to its tenant: another school's address starts signed out.
  const sameTenant = saved.tenantId === tenantId;
  return {
    tenantId, lang,
    token: sameTenant ? saved.token ?? null : null,
    name: sameTenant ? saved.name ?? null : null,
    expiresAt: sameTenant ? saved.expiresAt ?? null : null,
  };
}

let current = load();
const listeners = new Set<() => void>();

function save(next: PortalSession): void {
  current = next;
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // private browsing without storage: the session lives as long as the page
  }
  document.documentElement.lang = next.lang === 'en' ? 'en' : 'zh-CN';
  listeners.forEach((listener) => listener());
}
save(current);

export const session = (): PortalSession => current;
export const setLang = (lang: Lang) => save({ ...current, lang });
export const signedIn = (token: string, name: string, expiresAt: string | null) => save({ ...current, token, name, expiresAt });
export const signedOut = () => save({ ...current, token: null, name: null, expiresAt: null });

// Another tab of the portal signing in or out is followed here.
window.addEventListener('storage', (event) => {
  if (event.key === KEY) {
    current = load();
    listeners.forEach((listener) => listener());
  }
});

export function useSession(): PortalSession {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, session);
}
