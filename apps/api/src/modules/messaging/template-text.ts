/** The `${name}` variables a template text uses, in order of first use. */
export function templateVariables(text: string): string[] {
  return [...new Set([...text.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((m) => m[1] as string))];
}

/** A template's declared variables (`[{"name":"name","label":"姓名","sample":"张伟"}]`), or null when malformed. */
export function parseDeclaredVariables(raw: unknown): { name: string; label: string; sample?: string }[] | null {
  if (raw === null || raw === undefined || raw === '') return [];
  let value: unknown;
  try {
    value = typeof raw === 'string' ? JSON.parse(raw) : raw;
  } catch {
    return null;
  }
  if (!Array.isArray(value)) return null;
  const out: { name: string; label: string; sample?: string }[] = [];
  for (const item of value) {
    if (!item || typeof item !== 'object') return null;
    const { name, label, sample } = item as Record<string, unknown>;
    if (typeof name !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || typeof label !== 'string' || label.trim() === '') return null;
    if (sample !== undefined && sample !== null && typeof sample !== 'string') return null;
    out.push({ name, label, ...(typeof sample === 'string' ? { sample } : {}) });
  }
  return out;
}

/** Fills `${name}` variables; a variable without a value is left as written, so a gap is visible. */
export function fillTemplate(text: string, values: Readonly<Record<string, string | number | null | undefined>>): string {
  return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? whole : String(value);
  });
}
