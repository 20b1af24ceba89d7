/**
 * The evidence pack's two forms ask the API for what they are, so the audit log tells them apart
 * (issue 33: both were logged as a download): the printable page asks for `print`, the button
 * for the JSON file `download`. The API is replaced by a stand-in that records what was sent.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { EvidencePack } from '#shared/console/people.ts';
import { EvidenceActions } from '#web/src/console/screens/people/EvidenceActions.tsx';
import { EvidencePrintPage } from '#web/src/console/screens/people/EvidencePrintPage.tsx';

const EMAIL = 'robin.okafor@example.ca';
const PACK = {
  personRef: 'sha256:abc',
  email: EMAIL,
  subscriptions: [],
  leads: [],
  campaignEmails: [],
  generatedAt: 1_780_000_000,
  generatedBy: 'owner@console.test',
  sender: { name: 'Chinook Talent Partners', mailingAddress: 'Calgary', website: 'https://x', contactEmail: 'c@x' },
} as unknown as EvidencePack;

/** A fetch that answers the pack, as JSON or as a file, and keeps each request's body. */
const recordingFetch = () => {
  const bodies: unknown[] = [];
  globalThis.fetch = jest.fn(async (_url: string, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)));
    return {
      ok: true,
      status: 200,
      headers: new Headers({ 'content-disposition': 'attachment; filename="consent-evidence-2026-05-01.json"' }),
      json: async () => PACK,
      blob: async () => new Blob([JSON.stringify(PACK)]),
    } as unknown as Response;
  }) as unknown as typeof fetch;
  return bodies;
};

beforeEach(() => {
  URL.createObjectURL = jest.fn(() => 'blob:evidence');
  URL.revokeObjectURL = jest.fn();
  // saveDownload clicks a link to the file; jsdom cannot follow it.
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

it('asks for the printable form on the printable page', async () => {
  // Prepare
  const bodies = recordingFetch();

  // Act
  render(
    <MemoryRouter initialEntries={[{ pathname: '/people/evidence', state: { email: EMAIL } }]}>
      <EvidencePrintPage />
    </MemoryRouter>,
  );

  // Assess
  expect(await screen.findByRole('button', { name: 'Print this page' })).toBeVisible();
  expect(bodies).toEqual([{ email: EMAIL, use: 'print' }]);
});

it('asks for the file to download on the download button', async () => {
  // Prepare
  const bodies = recordingFetch();
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <EvidenceActions email={EMAIL} />
    </MemoryRouter>,
  );

  // Act
  await user.click(screen.getByRole('button', { name: 'Download the evidence (JSON)' }));

  // Assess
  expect(await screen.findByText('Downloaded consent-evidence-2026-05-01.json.')).toBeVisible();
  expect(bodies).toEqual([{ email: EMAIL, use: 'download' }]);
});
