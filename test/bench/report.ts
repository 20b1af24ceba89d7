export interface BudgetLine {
  what: string;
  measured: string;
  budget: string;
  ok: boolean;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

export function markdownTable(headers: string[], rows: (string | number)[][]): string {
  return [
    `| ${headers.join(' | ')} |`,
    `| ${headers.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

export function budgetSection(lines: BudgetLine[]): string {
  return markdownTable(
    ['Budget', 'Measured', 'Limit', ''],
    lines.map((line) => [line.what, line.measured, line.budget, line.ok ? 'met' : '**NOT MET**']),
  );
}
