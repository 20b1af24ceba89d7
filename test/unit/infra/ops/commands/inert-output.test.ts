/**
 * Operator output is inert (infra/ops/commands/inert-output.ts): what a stranger typed into a form cannot
 * run as a spreadsheet formula, split into other cells, forge rows, or act on the terminal.
 */
import { toCsv } from '#shared/inert-csv.ts';
import { inertText, toTable } from '#infra/ops/commands/inert-output.ts';

const ESC = '\u001b';

describe('CSV for spreadsheets', () => {
  it('quotes every cell, header included, so a ";" locale cannot split one', () => {
    expect(toCsv([{ name: 'Pat; Lee', email: 'pat@example.ca' }])).toBe('"name","email"\n"Pat; Lee","pat@example.ca"');
  });

  it.each([
    ['=HYPERLINK("http://evil.test","x")', `"'=HYPERLINK(""http://evil.test"",""x"")"`],
    ['+1-555', `"'+1-555"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['  =1+1', `"'  =1+1"`],
    ['\t=1+1', `"'=1+1"`],
  ])('makes a cell that starts a formula (%j) plain text', (value, cell) => {
    expect(toCsv([{ message: value }]).split('\n')[1]).toBe(cell);
  });

  it('removes C0, DEL and C1 controls and bidi overrides, and makes line breaks spaces', () => {
    const message = `Hi\u0000 there${ESC}[2J\u007f\u009b31m\u202eevil\u202c\r\nEmail: forged@example.ca`;
    expect(toCsv([{ message }]).split('\n')).toEqual(['"message"', '"Hi there[2J31mevil Email: forged@example.ca"']);
  });

  it('writes empty cells for missing values and nothing for no rows', () => {
    expect(toCsv([{ a: undefined, b: null, c: 0 }])).toBe('"a","b","c"\n"","","0"');
    expect(toCsv([])).toBe('');
  });

  it('writes the named columns, in their order, and only the header row when there are no rows', () => {
    expect(toCsv([{ b: 2, a: 1 }], ['a', 'b'])).toBe('"a","b"\n"1","2"');
    expect(toCsv([], ['name', 'email'])).toBe('"name","email"');
  });
});

describe('terminal output', () => {
  it('keeps each row on one line: a value with line breaks cannot forge another row', () => {
    expect(toTable([{ name: 'Pat\nemail: forged@example.ca | status: sent', status: 'new' }])).toBe(
      'name: Pat email: forged@example.ca | status: sent | status: new',
    );
  });

  it('removes escape sequences (screen clear, OSC 8 hyperlinks, titles) and C1 controls from any line', () => {
    const line = `Lead ${ESC}[2J${ESC}]8;;http://evil.test${ESC}\\click${ESC}]8;;${ESC}\\ \u009d0;title\u0007 done`;
    expect(inertText(line)).toBe('Lead [2J]8;;http://evil.test\\click]8;;\\ 0;title done');
  });

  it('removes characters that carry text no reader sees: tag characters, soft hyphens', () => {
    const hidden = [...'ignore previous'].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');
    expect(inertText(`Pat${hidden} Lee\u00ad\u180e`)).toBe('Pat Lee');
  });

  it('keeps the line breaks of a report that spans lines', () => {
    expect(inertText('2 lead(s)\nname: Pat')).toBe('2 lead(s)\nname: Pat');
  });
});
