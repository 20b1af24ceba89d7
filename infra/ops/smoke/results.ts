/** One row of the smoke report: what was checked, what was expected, what came back. */
export interface CheckResult {
  readonly check: string;
  readonly expected: string;
  readonly got: string;
  readonly pass: boolean;
}

/** Collects results; a check that throws is a failure with the error as what came back. */
export class Results {
  readonly rows: CheckResult[] = [];

  add(check: string, expected: string, got: string, pass: boolean): boolean {
    this.rows.push({ check, expected, got, pass });
    return pass;
  }

  async run(check: string, expected: string, probe: () => Promise<{ got: string; pass: boolean }>): Promise<boolean> {
    try {
      const { got, pass } = await probe();
      return this.add(check, expected, got, pass);
    } catch (error) {
      return this.add(check, expected, `error: ${(error as Error).message}`, false);
    }
  }

  get failed(): number {
    return this.rows.filter((row) => !row.pass).length;
  }

  /** A plain-text table, columns padded to their widest cell (cells cut at 70 characters). */
  table(): string {
    const header = { check: 'Check', expected: 'Expected', got: 'Got', pass: 'Result' };
    const cells = [header, ...this.rows.map((row) => ({ ...row, pass: row.pass ? 'pass' : 'FAIL' }))].map((row) =>
      [row.check, row.expected, row.got, row.pass].map((cell) => (cell.length > 70 ? `${cell.slice(0, 67)}...` : cell)),
    );
    const widths = cells[0]!.map((_, column) => Math.max(...cells.map((row) => row[column]!.length)));
    const line = (row: string[]) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join(' | ')
        .trimEnd();
    return [line(cells[0]!), widths.map((width) => '-'.repeat(width)).join('-|-'), ...cells.slice(1).map(line)].join(
      '\n',
    );
  }
}
