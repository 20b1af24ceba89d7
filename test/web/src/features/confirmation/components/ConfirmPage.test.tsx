import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { API_ERRORS, API_SUCCESS } from '#shared/constants/messages.ts';
import { type Audience } from '#shared/constants/audiences.ts';
import { apiPath, emailPagePath, LEAD_LINK_TOKEN_PATTERN } from '#shared/paths.ts';
import { ConfirmPage } from '#web/src/features/confirmation/components/ConfirmPage.tsx';
import { mockFetch, mockPendingFetch, sentRequests } from '#test/web/support/mock-fetch.ts';

/** A lead link token: the lead's key and its secret, 44 base64url characters. */
const TOKEN = 'k3Zq8Vt1XwYpR2mN5bLc0A' + 'b7Hq2Zr9Ws4Tx1Uy6Vz3W_';

function renderConfirmPage(audience: Audience = 'candidate') {
  return render(
    <MemoryRouter initialEntries={[emailPagePath('confirm', audience, TOKEN)]}>
      <Routes>
        <Route path={`/confirm/${audience}/:id`} element={<ConfirmPage audience={audience} />} />
      </Routes>
    </MemoryRouter>,
  );
}

const confirmButton = () => screen.getByRole('button', { name: 'Confirm my subscription' });
const result = () => screen.getByRole('status');

describe('ConfirmPage', () => {
  afterEach(() => jest.restoreAllMocks());

  it('says what confirming means and sends nothing until the button is pressed', () => {
    // Prepare
    expect(TOKEN).toMatch(LEAD_LINK_TOKEN_PATTERN);
    const fetchMock = mockFetch();

    // Act
    renderConfirmPage();

    // Assess
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Confirming tells us that this email address is yours and that you want emails from Chinook Talent Partners: ' +
          'our newsletter, occasional announcements and news about our services. We send none of them until you confirm, ' +
          'and you can unsubscribe at any time with the link in every email.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Confirm your subscription' })).toContainElement(confirmButton());
    expect(result()).toBeEmptyDOMElement();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each<Audience>(['candidate', 'employer'])(
    'confirms a %s subscription: POST without a body, the success text in green, focus on it',
    async (audience) => {
      // Prepare
      const fetchMock = mockFetch({ status: 200, body: { success: API_SUCCESS.subscriptionConfirmed } });
      const user = userEvent.setup();
      renderConfirmPage(audience);

      // Act
      await user.click(confirmButton());

      // Assess
      await waitFor(() => expect(result()).toHaveTextContent('Thank you. Your subscription is confirmed.'));
      expect(sentRequests(fetchMock)).toEqual([
        { url: apiPath('confirmSubscription', { audience, token: TOKEN }), method: 'POST', body: undefined },
      ]);
      expect(screen.getByText(API_SUCCESS.subscriptionConfirmed)).toHaveClass('form-message', 'form-message--success');
      expect(screen.queryByRole('button')).not.toBeInTheDocument();
      expect(result()).toHaveFocus();
    },
  );

  it.each([
    [404, API_ERRORS.confirmationNotFound],
    [410, API_ERRORS.confirmationExpired],
  ])('shows the message of a %i in red', async (status, message) => {
    // Prepare
    mockFetch({ status, body: { message } });
    const user = userEvent.setup();
    renderConfirmPage();

    // Act
    await user.click(confirmButton());

    // Assess
    await waitFor(() => expect(result()).toHaveTextContent(message));
    expect(screen.getByText(message)).toHaveClass('form-message', 'form-message--error');
  });

  it('keeps the button after a 503 so the visitor can retry, and the retry confirms', async () => {
    // Prepare
    const outage = 'We could not save your request just now. Please try again in a minute.';
    const fetchMock = mockFetch(
      { status: 503, body: { message: outage } },
      { status: 200, body: { success: API_SUCCESS.subscriptionConfirmed } },
    );
    const user = userEvent.setup();
    renderConfirmPage();

    // Act
    await user.click(confirmButton());
    await waitFor(() => expect(result()).toHaveTextContent(outage));
    expect(confirmButton()).toBeEnabled();
    await user.click(confirmButton());

    // Assess
    await waitFor(() => expect(result()).toHaveTextContent(API_SUCCESS.subscriptionConfirmed));
    expect(screen.queryByText(outage)).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("disables the button and says 'Sending…' while the request is in flight", async () => {
    // Prepare
    const { fetchMock, answer } = mockPendingFetch();
    const user = userEvent.setup();
    renderConfirmPage();

    // Act
    await user.click(confirmButton());
    const pending = await screen.findByRole('button', { name: 'Sending…' });
    await user.click(pending);

    // Assess
    expect(pending).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    answer({ status: 200, body: { success: API_SUCCESS.subscriptionConfirmed } });
    await waitFor(() => expect(result()).toHaveTextContent(API_SUCCESS.subscriptionConfirmed));
  });
});
