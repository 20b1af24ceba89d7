/**
 * "Export CSV" fetches a large view in parts and saves one file (docs/decisions/0074): the owner
 * sees how many leads have come, a part that fails once is asked for again, and an export stopped
 * by an ended session goes on from where it stopped with "Continue the export", not from the start.
 * The API is replaced by a stand-in that answers parts as consoleApi does; the screen is real.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EXPORT_NEXT_HEADER, EXPORT_ROWS_HEADER } from '#shared/console/exports.ts';
import { ExportCsv } from '#web/src/console/screens/leads/ExportCsv.tsx';

const HEADER = '"id","first name"';
const FILENAME = 'leads-2026-11-28.csv';

interface PartReply {
  lines: string[];
  rows: number;
  next?: string;
}
type Reply = PartReply | { status: number; message: string } | Error;

/** A fetch that answers each call with the next reply (or waits for `release`), and keeps each request's body. */
const partsFetch = (...replies: (Reply | Promise<Reply>)[]) => {
  const bodies: Record<string, unknown>[] = [];
  globalThis.fetch = jest.fn(async (_url: string, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    const reply = await replies.shift();
    if (!reply) throw new Error('no reply queued');
    if (reply instanceof Error) throw reply;
    if ('status' in reply)
      return { ok: false, status: reply.status, json: async () => ({ message: reply.message }) } as unknown as Response;
    const headers = new Headers({
      'content-disposition': `attachment; filename="${FILENAME}"`,
      [EXPORT_ROWS_HEADER]: String(reply.rows),
      ...(reply.next && { [EXPORT_NEXT_HEADER]: reply.next }),
    });
    return {
      ok: true,
      status: 200,
      headers,
      blob: async () => new Blob([reply.lines.join('\n')]),
    } as unknown as Response;
  }) as unknown as typeof fetch;
  return bodies;
};

/** A Blob's text, read as a browser reads it (jsdom's Blob has no text()). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

/** What the browser was handed to save: the file's text and its name. */
const saved: { text: Promise<string>; name: string }[] = [];
beforeEach(() => {
  saved.length = 0;
  URL.createObjectURL = jest.fn((blob: Blob) => {
    saved.push({ text: textOf(blob), name: '' });
    return 'blob:export';
  });
  URL.revokeObjectURL = jest.fn();
  // saveDownload clicks a link to the file; jsdom cannot follow it.
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.at(-1)!.name = this.download;
  });
});
afterEach(() => jest.restoreAllMocks());

const FILTERS = { view: 'spam' as const };

it('joins the parts into one file with every lead once, saying how many have come meanwhile', async () => {
  // Prepare: three parts, the second held until the page has shown its progress
  let release: (reply: Reply) => void = () => undefined;
  const second = new Promise<Reply>((resolve) => (release = resolve));
  const bodies = partsFetch({ lines: [HEADER, '"a","Ana"', '"b","Ben"'], rows: 2, next: 'cursor-1' }, second, {
    lines: ['"d","Dee"'],
    rows: 4,
  });
  const user = userEvent.setup();
  render(<ExportCsv filters={FILTERS} />);

  // Act
  await user.click(screen.getByRole('button', { name: 'Export CSV' }));

  // Assess: the first part's count, while the second is on its way
  expect(await screen.findByText('2 leads so far. Please keep this page open until the file is saved.')).toBeVisible();
  expect(screen.getByRole('button', { name: 'Preparing the file…' })).toBeDisabled();

  // Act
  await act(async () => release({ lines: ['"c","Cy"'], rows: 3, next: 'cursor-2' }));

  // Assess: one file, in order, each lead once; each part asked for with the cursor before it
  expect(await screen.findByText(`Downloaded ${FILENAME}: 4 leads.`)).toBeVisible();
  expect(saved).toHaveLength(1);
  expect(saved[0]!.name).toBe(FILENAME);
  await expect(saved[0]!.text).resolves.toBe([HEADER, '"a","Ana"', '"b","Ben"', '"c","Cy"', '"d","Dee"'].join('\n'));
  expect(bodies).toEqual([FILTERS, { ...FILTERS, cursor: 'cursor-1' }, { ...FILTERS, cursor: 'cursor-2' }]);
  expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
});

it('asks again for a part that got no answer, without a word to the owner', async () => {
  // Prepare: the second part's first request never reaches the API
  const bodies = partsFetch(
    { lines: [HEADER, '"a","Ana"'], rows: 1, next: 'cursor-1' },
    new TypeError('Failed to fetch'),
    { lines: ['"b","Ben"'], rows: 2 },
  );
  const user = userEvent.setup();
  render(<ExportCsv filters={FILTERS} />);

  // Act
  await user.click(screen.getByRole('button', { name: 'Export CSV' }));

  // Assess
  expect(await screen.findByText(`Downloaded ${FILENAME}: 2 leads.`, undefined, { timeout: 5000 })).toBeVisible();
  await expect(saved[0]!.text).resolves.toBe([HEADER, '"a","Ana"', '"b","Ben"'].join('\n'));
  expect(bodies.map((body) => body.cursor)).toEqual([undefined, 'cursor-1', 'cursor-1']);
});

it('keeps what came when the session ends, and "Continue the export" goes on from the part that failed', async () => {
  // Prepare: the second part refused (the session ended), then answered once the owner signed in again
  const ended = 'Your session has ended. Please sign in again.';
  const bodies = partsFetch(
    { lines: [HEADER, '"a","Ana"', '"b","Ben"'], rows: 2, next: 'cursor-1' },
    { status: 401, message: ended },
    { lines: ['"c","Cy"'], rows: 3 },
  );
  const user = userEvent.setup();
  render(<ExportCsv filters={FILTERS} />);
  await user.click(screen.getByRole('button', { name: 'Export CSV' }));

  // Assess: nothing saved yet, nothing lost
  expect(
    await screen.findByText(`${ended} The file has 2 leads so far: “Continue the export” goes on from there.`),
  ).toBeVisible();
  expect(saved).toHaveLength(0);

  // Act
  await user.click(screen.getByRole('button', { name: 'Continue the export' }));

  // Assess: one whole file, the first part not asked for again
  expect(await screen.findByText(`Downloaded ${FILENAME}: 3 leads.`)).toBeVisible();
  await expect(saved[0]!.text).resolves.toBe([HEADER, '"a","Ana"', '"b","Ben"', '"c","Cy"'].join('\n'));
  expect(bodies.map((body) => body.cursor)).toEqual([undefined, 'cursor-1', 'cursor-1']);
});

it('starts a new export, not the stopped one, once the filters have changed', async () => {
  // Prepare: an export of the spam view stopped after its first part
  const bodies = partsFetch(
    { lines: [HEADER, '"a","Ana"'], rows: 1, next: 'cursor-1' },
    { status: 401, message: 'Your session has ended. Please sign in again.' },
    { lines: [HEADER, '"z","Zoe"'], rows: 1 },
  );
  const user = userEvent.setup();
  const { rerender } = render(<ExportCsv filters={FILTERS} />);
  await user.click(screen.getByRole('button', { name: 'Export CSV' }));
  await screen.findByRole('button', { name: 'Continue the export' });

  // Act: the owner shows the inbox instead, and exports it
  rerender(<ExportCsv filters={{ view: 'inbox' }} />);
  await user.click(screen.getByRole('button', { name: 'Export CSV' }));

  // Assess
  expect(await screen.findByText(`Downloaded ${FILENAME}: 1 lead.`)).toBeVisible();
  await expect(saved[0]!.text).resolves.toBe([HEADER, '"z","Zoe"'].join('\n'));
  expect(bodies.at(-1)).toEqual({ view: 'inbox' });
});
