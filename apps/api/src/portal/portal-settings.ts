import type { Params } from '../access/params.js';

/** The portal's sections, in the order the portal shows them. */
export const PORTAL_SECTIONS = ['notices', 'messages', 'texts', 'surveys', 'activities', 'gifts', 'privacy'] as const;
export type PortalSection = (typeof PORTAL_SECTIONS)[number];

/** The parameters (`blade_param`, per tenant with the platform's as default) the portal settings live in. */
export const PORTAL_PARAMS = {
  enabled: 'portal.enabled',
  sections: 'portal.sections',
  schoolName: 'portal.schoolName',
  logoUrl: 'portal.logoUrl',
} as const;

export interface PortalSettings {
  enabled: boolean;
  schoolName: string;
  logoUrl: string | null;
  sections: PortalSection[];
}

const isSection = (value: string): value is PortalSection => (PORTAL_SECTIONS as readonly string[]).includes(value);

/**
 * A tenant's portal settings (decision 248): open unless `portal.enabled` is 0/false; every section
 * unless `portal.sections` lists some; the school's name from `portal.schoolName`, else the
 * school's own `alumni.schoolName`; the logo from `portal.logoUrl` (none when empty).
 */
export async function portalSettingsOf(params: Params, tenantId: string): Promise<PortalSettings> {
  const [enabled, sections, schoolName, school, logoUrl] = await Promise.all([
    params.get(tenantId, PORTAL_PARAMS.enabled), params.get(tenantId, PORTAL_PARAMS.sections),
    params.get(tenantId, PORTAL_PARAMS.schoolName), params.get(tenantId, 'alumni.schoolName'), params.get(tenantId, PORTAL_PARAMS.logoUrl),
  ]);
  const listed = (sections ?? '').split(',').map((s) => s.trim()).filter(isSection);
  return {
    enabled: !['0', 'false', 'no', 'off'].includes((enabled ?? '1').trim().toLowerCase()),
    schoolName: (schoolName ?? '').trim() || (school ?? '').trim(),
    logoUrl: (logoUrl ?? '').trim() || null,
    sections: sections === null || sections.trim() === '' ? [...PORTAL_SECTIONS] : PORTAL_SECTIONS.filter((s) => listed.includes(s)),
  };
}
