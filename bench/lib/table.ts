/** Numbers with thousands separators and a fixed number of decimals. */
export const fmt = (n: number, decimals = 0): string =>
  n.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

/** A plain-text table with section lines, for benchmark reports. */
export class Table {
  private readonly lines: ({ kind: 'row'; cells: string[] } | { kind: 'section'; text: string })[] = [];

  constructor(private readonly header: string[]) {}

  row(...cells: string[]): void {
    this.lines.push({ kind: 'row', cells });
  }

  section(text: string): void {
    this.lines.push({ kind: 'section', text });
  }

  render(): string {
    const rows = [this.header, ...this.lines.flatMap((l) => (l.kind === 'row' ? [l.cells] : []))];
    const widths = this.header.map((_, i) => Math.max(...rows.map((r) => [...(r[i] ?? '')].length)));
    const pad = (cells: string[]) => cells.map((c, i) => c + ' '.repeat((widths[i] ?? 0) - [...c].length)).join(' | ').trimEnd();
    const rule = widths.map((w) => '-'.repeat(w)).join('-+-');
    const out = [pad(this.header), rule];
    for (const line of this.lines) out.push(line.kind === 'row' ? pad(line.cells) : `-- ${line.text}`);
    return out.join('\n');
  }
}
