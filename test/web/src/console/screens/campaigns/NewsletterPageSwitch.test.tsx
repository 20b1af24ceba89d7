/**
 * The newsletter page switch on a sent campaign's page: ticking or unticking it (by keyboard) saves
 * only that choice and says what happens next; where the page is, as a link once the send has
 * started; a choice saved without the site's update asked is said as a problem, with a button to
 * ask again; a refusal says nothing changed and the box shows the stored choice. The API is
 * replaced by answers per route; the screens, the frame and the session are the real ones.
 */
import { callOf, routeKeyOf, type Route } from '#shared/route-key.ts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import {
  CAMPAIGN_ROUTES,
  type CampaignDraft,
  type CampaignPublished,
  type SendProgress,
} from '#shared/console/campaigns.ts';
import { ConsoleApp } from '#web/src/console/ConsoleApp.tsx';
import { SWITCH_LABEL } from '#web/src/console/screens/campaigns/NewsletterPageSwitch.tsx';
import { sentRequests } from '#test/web/support/mock-fetch.ts';
import { campaign, OWNER, progress, SLUG } from './campaign-draft';
import { routedFetch, type RoutedReplies } from '#test/web/src/console/support/routed-fetch.ts';

const forSlug = (route: Route) => routeKeyOf(callOf(route, { slug: SLUG }));
const PUBLISH = forSlug(CAMPAIGN_ROUTES.publish);
const PAGE = `/newsletter/${SLUG}`;

const sent = (publish: boolean): CampaignDraft => campaign({ state: 'sent', publish });
/** A send whose every email went out. */
const sentProgress = (overrides: Partial<SendProgress> = {}) =>
  progress({ queued: 10, sent: 10, left: 0, ...overrides });
const published = (publish: boolean, message: string, pageUpdateRequested = true): CampaignPublished => ({
  message,
  campaign: sent(publish),
  pageUpdateRequested,
});

const openCampaign = (stored: CampaignDraft, replies: RoutedReplies, send = sentProgress()) => {
  const fetchMock = routedFetch({
    'GET /api/admin/auth/session': [{ status: 200, body: OWNER }],
    [forSlug(CAMPAIGN_ROUTES.get)]: [{ status: 200, body: stored }],
    [forSlug(CAMPAIGN_ROUTES.progress)]: [{ status: 200, body: send }],
    [routeKeyOf(CAMPAIGN_ROUTES.preview)]: [
      {
        status: 200,
        body: {
          subject: 's',
          preheader: '',
          html: '<p>Hi</p>',
          text: 'Hi',
          recipient: { kind: 'sample', description: 'Sample.' },
        },
      },
    ],
    ...replies,
  });
  render(
    <MemoryRouter initialEntries={[`/campaigns/${SLUG}`]}>
      <ConsoleApp />
    </MemoryRouter>,
  );
  return fetchMock;
};
const switchSection = async () =>
  within((await screen.findByRole('heading', { name: "The site's newsletter page" })).closest('section')!);
const publishCalls = (fetchMock: jest.Mock) =>
  sentRequests(fetchMock).filter((request) => `${request.method} ${request.url}` === PUBLISH);

beforeEach(() => sessionStorage.clear());

describe('the newsletter page switch of a sent campaign', () => {
  it('publishes it from the keyboard: only the choice is sent, the answer is said, and the page is linked', async () => {
    // Prepare
    const saidByApi = `Campaign "${SLUG}" is going on the site's newsletter page at ${PAGE}; it shows there within a few minutes.`;
    const fetchMock = openCampaign(sent(false), { [PUBLISH]: [{ status: 200, body: published(true, saidByApi) }] });
    const section = await switchSection();
    expect(section.getByText('Not on the site.')).toBeVisible();
    const user = userEvent.setup();

    // Act
    section.getByRole('checkbox', { name: SWITCH_LABEL }).focus();
    await user.keyboard(' ');

    // Assess
    expect(await section.findByRole('status')).toHaveTextContent(saidByApi);
    expect(publishCalls(fetchMock).map((request) => request.body)).toEqual([{ publish: true }]);
    expect(section.getByRole('checkbox', { name: SWITCH_LABEL })).toBeChecked();
    expect(section.getByRole('link', { name: PAGE })).toHaveAttribute('href', PAGE);
    expect(section.getByText('On the site:', { exact: false })).toBeVisible();
  });

  it('takes it off the page when unticked', async () => {
    // Prepare
    const saidByApi = `Campaign "${SLUG}" is being taken off the site's newsletter page; it is gone within a few minutes.`;
    const fetchMock = openCampaign(sent(true), { [PUBLISH]: [{ status: 200, body: published(false, saidByApi) }] });
    const section = await switchSection();
    const user = userEvent.setup();

    // Act
    await user.click(section.getByRole('checkbox', { name: SWITCH_LABEL }));

    // Assess
    expect(await section.findByRole('status')).toHaveTextContent(saidByApi);
    expect(publishCalls(fetchMock).map((request) => request.body)).toEqual([{ publish: false }]);
    expect(section.getByRole('checkbox', { name: SWITCH_LABEL })).not.toBeChecked();
    expect(section.getByText('Not on the site.')).toBeVisible();
    expect(section.queryByRole('link')).toBeNull();
  });

  it('says when the choice is saved but the site was not asked to update, and asks again on request', async () => {
    // Prepare
    const notAsked =
      'Your choice is saved, but the site could not be asked to update its newsletter page just now. The page will follow your choice the next time a campaign is sent or this choice is changed; you can also ask again in a minute.';
    const fetchMock = openCampaign(sent(false), {
      [PUBLISH]: [
        { status: 200, body: published(true, notAsked, false) },
        { status: 200, body: published(true, 'Asked again: it shows within a few minutes.') },
      ],
    });
    const section = await switchSection();
    const user = userEvent.setup();

    // Act
    await user.click(section.getByRole('checkbox', { name: SWITCH_LABEL }));
    const problem = await section.findByRole('alert');
    const problemText = problem.textContent;
    await user.click(section.getByRole('button', { name: 'Ask the site again' }));

    // Assess
    expect(problemText).toBe(notAsked);
    expect(await section.findByRole('status')).toHaveTextContent('Asked again: it shows within a few minutes.');
    expect(publishCalls(fetchMock).map((request) => request.body)).toEqual([{ publish: true }, { publish: true }]);
    expect(section.getByRole('checkbox', { name: SWITCH_LABEL })).toBeChecked();
    expect(section.queryByRole('button', { name: 'Ask the site again' })).toBeNull();
  });

  it('says nothing changed when the API refuses, and shows the stored choice', async () => {
    // Prepare
    openCampaign(sent(false), {
      [PUBLISH]: [
        { status: 409, body: { message: `Campaign "${SLUG}" has not been sent, so it has no newsletter page yet.` } },
      ],
    });
    const section = await switchSection();
    const user = userEvent.setup();

    // Act
    await user.click(section.getByRole('checkbox', { name: SWITCH_LABEL }));

    // Assess
    expect(await section.findByRole('alert')).toHaveTextContent(
      `Nothing was changed. Campaign "${SLUG}" has not been sent, so it has no newsletter page yet.`,
    );
    expect(section.getByRole('checkbox', { name: SWITCH_LABEL })).not.toBeChecked();
    expect(section.getByText('Not on the site.')).toBeVisible();
  });

  it('does not claim nothing changed when the API failed after it may have saved (503)', async () => {
    // Prepare
    openCampaign(sent(false), {
      [PUBLISH]: [{ status: 503, body: { message: 'The service is busy. Please try again in a minute.' } }],
    });
    const section = await switchSection();
    const user = userEvent.setup();

    // Act
    await user.click(section.getByRole('checkbox', { name: SWITCH_LABEL }));

    // Assess
    expect(await section.findByRole('alert')).toHaveTextContent(
      'Your choice may or may not have been saved. The service is busy. Please try again in a minute. Reload the page to see the choice as it is stored.',
    );
  });

  it('names the page without a link while the send is only scheduled', async () => {
    // Prepare, Act
    openCampaign(sent(true), {}, sentProgress({ state: 'scheduled', startedAt: undefined, queued: 0, sent: 0 }));
    const section = await switchSection();

    // Assess
    expect(await section.findByText(`On the site once its send starts: ${PAGE}`)).toBeVisible();
    expect(section.queryByRole('link')).toBeNull();
  });
});
