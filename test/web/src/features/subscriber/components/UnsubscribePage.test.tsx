import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_ERRORS, API_SUCCESS, MODALS, VALIDATION } from '#shared/constants/messages.ts';
import { UNSUBSCRIBE_REASONS } from '#shared/constants/subscriber-options.ts';
import { type Audience } from '#shared/constants/audiences.ts';
import { apiPath } from '#shared/paths.ts';
import { FIXED_NOW_SECONDS, freezeClock, mockFetch, sentRequests } from '#test/web/support/mock-fetch.ts';
import { renderSubscriberPage, SUBSCRIBER, SUBSCRIBER_ID } from './render-subscriber-page';

const LOADED = { status: 200, body: [SUBSCRIBER] };
const SPAM = 'The emails are spam and should be reported';
const PREVIOUSLY_UNSUBSCRIBED = 'I previously unsubscribed but am still receiving emails';
const NOT_RELEVANT = 'The content is not relevant to me';

const reasonGroup = () => screen.getByRole('group', { name: 'Why are you unsubscribing?' });
const reasonBoxes = () => within(reasonGroup()).getAllByRole('checkbox');
const submitButton = () => screen.getByRole('button', { name: 'Unsubscribe' });

describe('UnsubscribePage', () => {
  afterEach(() => jest.restoreAllMocks());

  describe('loading', () => {
    it('shows a loading line first, then the form for the subscriber of the id', async () => {
      // Prepare
      const fetchMock = mockFetch(LOADED);

      // Act
      renderSubscriberPage('unsubscribe', 'candidate');

      // Assess
      expect(screen.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('Loading your subscription…');
      expect(await screen.findByText(SUBSCRIBER.email)).toBeInTheDocument();
      expect(sentRequests(fetchMock)).toEqual([
        { url: apiPath('getSubscriber', { audience: 'candidate', id: SUBSCRIBER_ID }), method: 'GET', body: undefined },
      ]);
    });

    it('shows the reasons at once (as the prerendered page does), usable only once the subscriber has loaded', async () => {
      // Prepare
      mockFetch(LOADED);

      // Act
      renderSubscriberPage('unsubscribe', 'candidate');

      // Assess: before the answer
      expect(reasonBoxes()).toHaveLength(7);
      for (const box of reasonBoxes()) expect(box).toBeDisabled();
      expect(submitButton()).toBeDisabled();
      expect(screen.queryByRole('link', { name: 'click here' })).not.toBeInTheDocument();

      // Assess: after it
      await screen.findByText(SUBSCRIBER.email);
      for (const box of reasonBoxes()) expect(box).toBeEnabled();
      expect(submitButton()).toBeEnabled();
      expect(screen.getByRole('link', { name: 'click here' })).toBeInTheDocument();
    });

    it("shows the server's message in red and no form when the id is unknown", async () => {
      // Prepare
      mockFetch({ status: 404, body: { message: API_ERRORS.subscriberNotFound } });

      // Act
      renderSubscriberPage('unsubscribe', 'employer', 'AAAAAAAAAAAAAAAAAAAAAA');

      // Assess
      const error = await screen.findByRole('alert');
      expect(error).toHaveTextContent(API_ERRORS.subscriberNotFound);
      expect(error).toHaveClass('form-message--error');
      expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    });
  });

  describe.each<Audience>(['candidate', 'employer'])('%s reasons', (audience) => {
    it('lists the 7 reasons as checkboxes in the variant order', async () => {
      // Prepare
      mockFetch(LOADED);

      // Act
      renderSubscriberPage('unsubscribe', audience);
      await screen.findByText(SUBSCRIBER.email);

      // Assess
      const labels = reasonBoxes().map((box) => box.closest('.form-check')?.textContent);
      expect(labels).toEqual(UNSUBSCRIBE_REASONS[audience].map((reason) => reason.label));
      expect(labels).toHaveLength(7);
    });

    it("says 'Please Select Minimum one option compulsory!' and sends nothing when none is ticked", async () => {
      // Prepare
      const fetchMock = mockFetch(LOADED);
      const user = userEvent.setup();
      renderSubscriberPage('unsubscribe', audience);
      await screen.findByText(SUBSCRIBER.email);

      // Act
      await user.click(submitButton());

      // Assess
      const message = await screen.findByText('Please Select Minimum one option compulsory!');
      expect(message).toHaveClass('form-message--error');
      expect(message).toHaveAttribute('role', 'alert');
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('links "click here" to the settings page of the same id', async () => {
      // Prepare
      mockFetch(LOADED, LOADED);
      const user = userEvent.setup();
      renderSubscriberPage('unsubscribe', audience);
      await screen.findByText(SUBSCRIBER.email);

      // Act
      await user.click(screen.getByRole('link', { name: 'click here' }));

      // Assess
      expect(await screen.findByRole('heading', { level: 1, name: 'Email preferences' })).toBeInTheDocument();
    });

    it('links "click here" to the preferences page\'s own token, which the emailed link carries after #', async () => {
      // Prepare
      const unsubscribeToken = `${SUBSCRIBER_ID}${'U'.repeat(22)}`;
      const preferencesToken = `${SUBSCRIBER_ID}${'P'.repeat(22)}`;
      const fetchMock = mockFetch(LOADED, LOADED);
      const user = userEvent.setup();
      renderSubscriberPage('unsubscribe', audience, unsubscribeToken, `#${preferencesToken}`);
      await screen.findByText(SUBSCRIBER.email);

      // Act
      await user.click(screen.getByRole('link', { name: 'click here' }));

      // Assess
      expect(await screen.findByRole('heading', { level: 1, name: 'Email preferences' })).toBeInTheDocument();
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
      expect(sentRequests(fetchMock).map((request) => request.url)).toEqual([
        apiPath('getSubscriber', { audience, id: unsubscribeToken }),
        apiPath('getSubscriber', { audience, id: preferencesToken }),
      ]);
    });
  });

  describe('payload', () => {
    it('sends the candidate payload without updatedAt, spam as the 6th reason', async () => {
      // Prepare
      freezeClock();
      const fetchMock = mockFetch(LOADED, { status: 200, body: { success: API_SUCCESS.unsubscribed } });
      const user = userEvent.setup();
      renderSubscriberPage('unsubscribe', 'candidate');
      await screen.findByText(SUBSCRIBER.email);
      await user.click(screen.getByRole('checkbox', { name: SPAM }));
      await user.click(screen.getByRole('checkbox', { name: NOT_RELEVANT }));

      // Act
      await user.click(submitButton());

      // Assess
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
      const update = sentRequests(fetchMock)[1];
      expect(update.url).toBe(apiPath('getSubscriber', { audience: 'candidate', id: SUBSCRIBER_ID }));
      expect(update.method).toBe('PUT');
      expect(update.body).toStrictEqual({
        ...SUBSCRIBER,
        signupMe: false,
        unsubscribeReason: [true, false, false, false, false, true, false],
      });
    });

    it('sends the employer payload with updatedAt in whole seconds, spam as the 7th reason', async () => {
      // Prepare
      freezeClock();
      const fetchMock = mockFetch(LOADED, { status: 200, body: { success: API_SUCCESS.unsubscribed } });
      const user = userEvent.setup();
      renderSubscriberPage('unsubscribe', 'employer');
      await screen.findByText(SUBSCRIBER.email);
      await user.click(screen.getByRole('checkbox', { name: SPAM }));
      await user.click(screen.getByRole('checkbox', { name: PREVIOUSLY_UNSUBSCRIBED }));

      // Act
      await user.click(submitButton());

      // Assess
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
      const update = sentRequests(fetchMock)[1];
      expect(update.url).toBe(apiPath('getSubscriber', { audience: 'employer', id: SUBSCRIBER_ID }));
      expect(update.method).toBe('PUT');
      expect(update.body).toStrictEqual({
        ...SUBSCRIBER,
        signupMe: false,
        unsubscribeReason: [false, false, false, false, false, true, true],
        updatedAt: FIXED_NOW_SECONDS,
      });
      expect(Number.isInteger((update.body as { updatedAt: number }).updatedAt)).toBe(true);
    });

    it('orders the employer booleans with "previously unsubscribed" 6th', async () => {
      // Prepare
      const fetchMock = mockFetch(LOADED, { status: 200, body: { success: API_SUCCESS.unsubscribed } });
      const user = userEvent.setup();
      renderSubscriberPage('unsubscribe', 'employer');
      await screen.findByText(SUBSCRIBER.email);
      await user.click(screen.getByRole('checkbox', { name: PREVIOUSLY_UNSUBSCRIBED }));

      // Act
      await user.click(submitButton());

      // Assess
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
      expect((sentRequests(fetchMock)[1].body as { unsubscribeReason: boolean[] }).unsubscribeReason).toEqual([
        false,
        false,
        false,
        false,
        false,
        true,
        false,
      ]);
    });
  });

  describe('answer', () => {
    it('opens the confirmation modal, shows the success message and resets the form', async () => {
      // Prepare
      mockFetch(LOADED, { status: 200, body: { success: API_SUCCESS.unsubscribed } });
      const user = userEvent.setup();
      renderSubscriberPage('unsubscribe', 'candidate');
      await screen.findByText(SUBSCRIBER.email);
      await user.click(screen.getByRole('checkbox', { name: NOT_RELEVANT }));

      // Act
      await user.click(submitButton());

      // Assess
      const dialog = await screen.findByRole('dialog', { name: 'We are sorry to see you go.' });
      expect(dialog).toHaveAccessibleDescription(MODALS.unsubscribed.subtitle);
      expect(MODALS.unsubscribed.subtitle).toMatch(/removed from our mailing list database/);
      expect(MODALS.unsubscribed.subtitle).toMatch(/sign up again/);
      expect(screen.getByText(API_SUCCESS.unsubscribed)).toHaveClass('form-message--success');
      reasonBoxes().forEach((box) => expect(box).not.toBeChecked());
    });

    it('shows the error in red without a modal and resets the form', async () => {
      // Prepare
      mockFetch(LOADED, { status: 400, body: { message: 'unsubscribeReason must list exactly 7 choices' } });
      const user = userEvent.setup();
      renderSubscriberPage('unsubscribe', 'employer');
      await screen.findByText(SUBSCRIBER.email);
      await user.click(screen.getByRole('checkbox', { name: SPAM }));

      // Act
      await user.click(submitButton());

      // Assess
      const error = await screen.findByText('unsubscribeReason must list exactly 7 choices');
      expect(error).toHaveClass('form-message--error');
      expect(error).toHaveAttribute('role', 'alert');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      reasonBoxes().forEach((box) => expect(box).not.toBeChecked());
    });

    it('clears the minimum-one message at the next attempt', async () => {
      // Prepare
      mockFetch(LOADED, { status: 200, body: { success: API_SUCCESS.unsubscribed } });
      const user = userEvent.setup();
      renderSubscriberPage('unsubscribe', 'candidate');
      await screen.findByText(SUBSCRIBER.email);
      await user.click(submitButton());
      await screen.findByText(VALIDATION.minimumOneOption);

      // Act
      await user.click(screen.getByRole('checkbox', { name: SPAM }));
      await user.click(submitButton());

      // Assess
      await screen.findByRole('dialog');
      expect(screen.queryByText(VALIDATION.minimumOneOption)).not.toBeInTheDocument();
    });
  });
});
