/**
 * Who a campaign is for, in words: within the campaign's heading it reads as part of the sentence
 * ("for both candidates and employers", not "for Both …"), and the form's choices each start with
 * a capital. The API is replaced by answers per route; the screen and the session are the real ones.
 */
import { callOf, routeKeyOf } from '#shared/route-key.ts';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { CAMPAIGN_ROUTES } from '#shared/console/campaigns.ts';
import { ConsoleApp } from '#web/src/console/ConsoleApp.tsx';
import { campaign, OWNER, SLUG } from './campaign-draft';
import { routedFetch } from '#test/web/src/console/support/routed-fetch.ts';

const PATH = callOf(CAMPAIGN_ROUTES.get, { slug: SLUG }).path;

it('a campaign for both lists says "for both candidates and employers"; its form offers each choice capitalized', async () => {
  // Prepare
  routedFetch({
    'GET /api/admin/auth/session': [{ status: 200, body: OWNER }],
    [`GET ${PATH}`]: [{ status: 200, body: campaign({ audience: 'both' }) }],
    [`GET ${PATH}/preflight`]: [{ status: 500, body: { message: 'Not part of this test.' } }],
    [routeKeyOf(CAMPAIGN_ROUTES.preview)]: [{ status: 500, body: { message: 'Not part of this test.' } }],
  });

  // Act
  render(
    <MemoryRouter initialEntries={[`/campaigns/${SLUG}`]}>
      <ConsoleApp />
    </MemoryRouter>,
  );

  // Assess
  expect(
    await screen.findByText(/^Draft · 2026-spring-news · for both candidates and employers · last saved/),
  ).toBeVisible();
  const choices = within(screen.getByLabelText('Who it is for')).getAllByRole('option');
  expect(choices.map((option) => option.textContent)).toEqual([
    'Choose who it is for',
    'Candidates (job seekers)',
    'Employers',
    'Both candidates and employers',
  ]);
});
