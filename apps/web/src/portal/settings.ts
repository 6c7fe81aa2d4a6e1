import { useEffect, useState } from 'react';
import { api } from './api';
import { session } from './session';

export const SECTIONS = ['notices', 'messages', 'texts', 'surveys', 'activities', 'gifts', 'privacy'] as const;
export type Section = (typeof SECTIONS)[number];

/** The school's portal settings (public): whether it is open, its name and logo, the sections it shows. */
export interface PortalSettings { enabled: boolean; schoolName: string; logoUrl: string | null; sections: Section[] }

let loaded: Promise<PortalSettings> | null = null;

/** Asked once per page load (the school's choices change seldom); a failure is asked again next time. */
function loadSettings(): Promise<PortalSettings> {
  loaded ??= api.get<PortalSettings>(`/settings?tenantId=${encodeURIComponent(session().tenantId)}`).then(
    (settings) => ({ ...settings, sections: settings.sections.filter((s): s is Section => (SECTIONS as readonly string[]).includes(s)) }),
    (error: unknown) => {
      loaded = null;
      throw error;
    },
  );
  return loaded;
}

export function useSettings(): { settings: PortalSettings | null; error: string | null } {
  const [state, setState] = useState<{ settings: PortalSettings | null; error: string | null }>({ settings: null, error: null });
  useEffect(() => {
    let live = true;
    loadSettings().then((settings) => live && setState({ settings, error: null }), (error: unknown) => live && setState({ settings: null, error: error instanceof Error ? error.message : String(error) }));
    return () => { live = false; };
  }, []);
  return state;
}
