import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_ERRORS, API_SUCCESS, MODALS } from '#shared/constants/messages.ts';
import { CONSENT_TEXT } from '#shared/constants/consent.ts';
import { EMAIL_SETTINGS, UNSUBSCRIBE_ALL } from '#shared/constants/subscriber-options.ts';
import { type Audience } from '#shared/constants/audiences.ts';
import { apiPath } from '#shared/paths.ts';
import { FIXED_NOW_SECONDS, freezeClock, mockFetch, sentRequests } from '#test/web/support/mock-fetch.ts';
import { renderSubscriberPage, SUBSCRIBER, SUBSCRIBER_ID } from './render-subscriber-page';

const LOADED = { status: 200, body: [SUBSCRIBER] };
const NEWSLETTER = 'Newsletter (monthly)';
const SERVICES_NEWS = 'Services news and expert commentary (monthly)';

const allBoxes = () => screen.getAllByRole('checkbox');
const submitButton = () => screen.getByRole('button', { name: 'Save preferences' });

async function renderLoaded(audience: Audience, ...replies: Parameters<typeof mockFetch>) {
  const fetchMock = mockFetch(LOADED, ...replies);
  const user = userEvent.setup();
  renderSubscriberPage('settings', audience);
  await screen.findByText(SUBSCRIBER.email);
  return { fetchMock, user };
}

describe('SettingsPage', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows the 3 preferences and the unsubscribe-all option in their own groups', async () => {
    // Prepare / Act
    await renderLoaded('candidate');

    // Assess
    expect(screen.getByRole('heading', { level: 1, name: 'Email preferences' })).toBeInTheDocument();
    const preferences = within(screen.getByRole('group', { name: 'Emails I want to receive' })).getAllByRole(
      'checkbox',
    );
    expect(preferences.map((box) => box.closest('.form-check')?.textContent)).toEqual(
      EMAIL_SETTINGS.map((setting) => setting.label),
    );
    const stopAll = within(screen.getByRole('group', { name: 'Or stop everything' })).getAllByRole('checkbox');
    expect(stopAll.map((box) => box.closest('.form-check')?.textContent)).toEqual([UNSUBSCRIBE_ALL.label]);
  });

  it("shows the server's message in red when loading fails", async () => {
    // Prepare
    mockFetch({ status: 404, body: { message: API_ERRORS.subscriberNotFound } });

    // Act
    renderSubscriberPage('settings', 'employer');

    // Assess
    expect(await screen.findByText(API_ERRORS.subscriberNotFound)).toHaveClass('form-message--error');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it("says 'Please Select Minimum one option compulsory!' and sends nothing when none is ticked", async () => {
    // Prepare
    const { fetchMock, user } = await renderLoaded('employer');

    // Act
    await user.click(submitButton());

    // Assess
    expect(await screen.findByText('Please Select Minimum one option compulsory!')).toHaveClass('form-message--error');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each<Audience>(['candidate', 'employer'])(
    'sends the %s preference payload with updatedAt in whole seconds',
    async (audience) => {
      // Prepare
      freezeClock();
      const { fetchMock, user } = await renderLoaded(audience, {
        status: 200,
        body: { success: API_SUCCESS.preferencesSaved },
      });
      await user.click(screen.getByRole('checkbox', { name: NEWSLETTER }));
      await user.click(screen.getByRole('checkbox', { name: SERVICES_NEWS }));

      // Act
      await user.click(submitButton());

      // Assess
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
      const update = sentRequests(fetchMock)[1];
      expect(update.url).toBe(apiPath('getSubscriber', { audience, id: SUBSCRIBER_ID }));
      expect(update.method).toBe('PUT');
      expect(update.body).toStrictEqual({
        ...SUBSCRIBER,
        signupMe: false,
        emailSetting: [true, false, true],
        unsubscribeAllEmail: [false],
        updatedAt: FIXED_NOW_SECONDS,
      });
    },
  );

  it('accepts unsubscribe-all alone as the one option', async () => {
    // Prepare
    const { fetchMock, user } = await renderLoaded('candidate', {
      status: 200,
      body: { success: API_SUCCESS.preferencesSaved },
    });
    await user.click(screen.getByRole('checkbox', { name: UNSUBSCRIBE_ALL.label }));

    // Act
    await user.click(submitButton());

    // Assess
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(sentRequests(fetchMock)[1].body).toMatchObject({
      emailSetting: [false, false, false],
      unsubscribeAllEmail: [true],
    });
  });

  it('opens the preferences-updated modal, shows the success message and resets the form', async () => {
    // Prepare
    const { user } = await renderLoaded('employer', { status: 200, body: { success: API_SUCCESS.preferencesSaved } });
    await user.click(screen.getByRole('checkbox', { name: NEWSLETTER }));

    // Act
    await user.click(submitButton());

    // Assess
    const dialog = await screen.findByRole('dialog', { name: 'Thank you for updating your preferences.' });
    expect(dialog).toHaveAccessibleDescription(MODALS.preferencesUpdated.subtitle);
    expect(screen.getByText(API_SUCCESS.preferencesSaved)).toHaveClass('form-message--success');
    allBoxes().forEach((box) => expect(box).not.toBeChecked());
  });

  it('shows the text a resubscribe records as its consent request', async () => {
    // Prepare / Act
    await renderLoaded('candidate');

    // Assess
    expect(screen.getByText(CONSENT_TEXT.preferencesPage)).toBeInTheDocument();
  });

  it('says a confirmation was emailed when the API answers so (a resubscribe waits for it)', async () => {
    // Prepare
    const { user } = await renderLoaded('candidate', {
      status: 200,
      body: { success: API_SUCCESS.resubscribeConfirmationSent },
    });
    await user.click(screen.getByRole('checkbox', { name: NEWSLETTER }));

    // Act
    await user.click(submitButton());

    // Assess
    expect(await screen.findByText(API_SUCCESS.resubscribeConfirmationSent)).toHaveClass('form-message--success');
    const dialog = await screen.findByRole('dialog', { name: 'Thank you for updating your preferences.' });
    expect(dialog).toHaveAccessibleDescription(MODALS.resubscribeRequested.subtitle);
  });

  it('shows the error in red without a modal and resets the form', async () => {
    // Prepare
    const { user } = await renderLoaded('candidate', { status: 503, body: { message: API_ERRORS.internal } });
    await user.click(screen.getByRole('checkbox', { name: NEWSLETTER }));

    // Act
    await user.click(submitButton());

    // Assess
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent(API_ERRORS.internal);
    expect(error).toHaveClass('form-message--error');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    allBoxes().forEach((box) => expect(box).not.toBeChecked());
  });
});
