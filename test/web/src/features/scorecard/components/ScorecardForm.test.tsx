import { getDefaultNormalizer, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_ERRORS, API_SUCCESS, MODALS, VALIDATION } from '#shared/constants/messages.ts';
import { CONSENT_TEXT } from '#shared/constants/consent.ts';
import { FIELD_MAX } from '#shared/constants/limits.ts';
import { apiPath, sitePaths } from '#shared/paths.ts';
import { NETWORK_ERROR_MESSAGE } from '#web/src/lib/api-client.ts';
import { ScorecardForm } from '#web/src/features/scorecard/components/ScorecardForm.tsx';
import {
  FIXED_NOW_SECONDS,
  freezeClock,
  mockFetch,
  mockPendingFetch,
  sentRequests,
} from '#test/web/support/mock-fetch.ts';
import { enter } from '#test/web/support/enter-text.ts';

const VISITOR = {
  firstName: 'Dana',
  lastName: 'Whitehorse',
  email: 'dana@prairie-builders.ca',
  jobTitle: 'Operations Manager',
  organization: 'Prairie Builders',
  helpDescription: 'We lose new hires in the first 90 days.',
};

/** jsdom's accessible name puts a space between a link and the period after it; browsers do not. */
const nameIs = (text: string) => (name: string) => name.replace(/ (?=[.,])/g, '') === text;

const field = {
  firstName: () => screen.getByLabelText('First Name'),
  lastName: () => screen.getByLabelText('Last Name'),
  email: () => screen.getByLabelText('Email'),
  jobTitle: () => screen.getByLabelText(/^Job Title/),
  organization: () => screen.getByLabelText(/^Organization/),
  helpDescription: () => screen.getByLabelText(/^How can we help\?/),
  consent: () => screen.getByRole('checkbox', { name: nameIs(CONSENT_TEXT.scorecardTerms) }),
  marketing: () => screen.getByRole('checkbox', { name: CONSENT_TEXT.scorecardMarketing }),
  submit: () => screen.getByRole('button', { name: 'Submit' }),
};

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await enter(user, field.firstName(), VISITOR.firstName);
  await enter(user, field.lastName(), VISITOR.lastName);
  await enter(user, field.email(), VISITOR.email);
  await enter(user, field.jobTitle(), VISITOR.jobTitle);
  await enter(user, field.organization(), VISITOR.organization);
  await enter(user, field.helpDescription(), VISITOR.helpDescription);
  await user.click(field.consent());
}

const exactText = (text: string) => screen.getByText(text, { normalizer: getDefaultNormalizer({ trim: false }) });

describe('ScorecardForm', () => {
  afterEach(() => jest.restoreAllMocks());

  describe('validation', () => {
    it('shows each required message under its field on submit and sends nothing', async () => {
      // Prepare
      const fetchMock = mockFetch();
      const user = userEvent.setup();
      render(<ScorecardForm />);

      // Act
      await user.click(field.submit());

      // Assess
      expect(await screen.findByText(VALIDATION.firstNameRequired)).toBeInTheDocument();
      expect(field.firstName()).toHaveAccessibleDescription(VALIDATION.firstNameRequired);
      expect(field.lastName()).toHaveAccessibleDescription(VALIDATION.lastNameRequired);
      expect(field.email()).toHaveAccessibleDescription(VALIDATION.emailRequired);
      expect(field.consent()).toHaveAccessibleDescription(VALIDATION.acceptTerms);
      expect(screen.getByText('You need to accept the terms and conditions')).toHaveClass('form-error');
      expect(field.firstName()).toHaveAttribute('aria-invalid', 'true');
      expect(field.jobTitle()).not.toHaveAttribute('aria-invalid');
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('moves focus to the first invalid field after a failed submit', async () => {
      // Prepare
      mockFetch();
      const user = userEvent.setup();
      render(<ScorecardForm />);
      await user.type(field.firstName(), 'Dana');

      // Act
      await user.click(field.submit());

      // Assess
      await waitFor(() => expect(field.lastName()).toHaveFocus());
    });

    it('shows a message only once the field has been touched', async () => {
      // Prepare
      const user = userEvent.setup();
      render(<ScorecardForm />);
      expect(screen.queryByText(VALIDATION.firstNameRequired)).not.toBeInTheDocument();

      // Act
      await user.click(field.firstName());
      await user.tab();

      // Assess
      expect(await screen.findByText('First Name is Required*')).toBeInTheDocument();
      expect(screen.queryByText(VALIDATION.lastNameRequired)).not.toBeInTheDocument();
    });

    it('says which characters a name may contain', async () => {
      // Prepare
      const user = userEvent.setup();
      render(<ScorecardForm />);

      // Act
      await user.type(field.firstName(), 'Ann: https');
      await user.tab();

      // Assess
      await waitFor(() =>
        expect(field.firstName()).toHaveAccessibleDescription(
          'First Name may contain only letters, spaces, apostrophes, hyphens and periods',
        ),
      );
    });

    it("says 'Invalid email' for an address without an @", async () => {
      // Prepare
      const user = userEvent.setup();
      render(<ScorecardForm />);

      // Act
      await user.type(field.email(), 'dana.prairie-builders.ca');
      await user.tab();

      // Assess
      expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    });

    it("says 'Email is invalid ' (with its trailing space) for a domain without a real ending", async () => {
      // Prepare
      const user = userEvent.setup();
      render(<ScorecardForm />);

      // Act
      await user.type(field.email(), 'dana@prairie-builders');
      await user.tab();

      // Assess
      await waitFor(() => expect(exactText('Email is invalid ')).toBeInTheDocument());
      expect(exactText(VALIDATION.emailDomainInvalid).textContent).toBe('Email is invalid ');
    });

    it.each(['dana@prairie-builders.ca', 'dana@charity.org', 'dana@example.com'])('accepts %s', async (email) => {
      // Prepare
      const user = userEvent.setup();
      render(<ScorecardForm />);

      // Act
      await user.type(field.email(), email);
      await user.tab();

      // Assess
      await waitFor(() => expect(field.email()).not.toHaveAttribute('aria-invalid'));
      expect(screen.queryByText(/email/i, { selector: '.form-error' })).not.toBeInTheDocument();
    });
  });

  describe('fields', () => {
    it('has labelled fields with autocomplete hints and the shared length limits', () => {
      // Prepare / Act
      render(<ScorecardForm />);

      // Assess
      expect(field.firstName()).toHaveAttribute('autocomplete', 'given-name');
      expect(field.lastName()).toHaveAttribute('autocomplete', 'family-name');
      expect(field.email()).toHaveAttribute('autocomplete', 'email');
      expect(field.email()).toHaveAttribute('type', 'email');
      expect(field.jobTitle()).toHaveAttribute('autocomplete', 'organization-title');
      expect(field.organization()).toHaveAttribute('autocomplete', 'organization');
      expect(field.firstName()).toHaveAttribute('maxlength', String(FIELD_MAX.name));
      expect(field.email()).toHaveAttribute('maxlength', String(FIELD_MAX.email));
      expect(field.helpDescription().tagName).toBe('TEXTAREA');
      expect(field.helpDescription()).toHaveAttribute('maxlength', String(FIELD_MAX.helpDescription));
    });

    it('labels the consent box with the recorded text and links the Terms of Use and Privacy Policy', () => {
      // Prepare / Act
      render(<ScorecardForm />);

      // Assess
      expect((field.consent() as HTMLInputElement).labels?.[0]).toHaveTextContent(
        /^I agree to the Terms of Use and Privacy Policy\.$/,
      );
      const label = field.consent().closest('.form-check') as HTMLElement;
      expect(within(label).getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', sitePaths.terms);
      expect(within(label).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', sitePaths.privacy);
    });

    it('offers marketing email as its own optional, unticked box after the terms box', () => {
      // Prepare / Act
      render(<ScorecardForm />);

      // Assess
      expect(field.marketing()).toHaveAccessibleName(
        'Yes, also send me occasional emails from Chinook Talent Partners about hiring and employee engagement. I can unsubscribe at any time.',
      );
      expect(field.marketing()).not.toBeChecked();
      expect(field.marketing()).not.toHaveAttribute('aria-required');
      expect(screen.getAllByRole('checkbox')).toEqual([field.consent(), field.marketing()]);
    });

    it('does not ask for the marketing box: without it only the terms message shows', async () => {
      // Prepare
      const user = userEvent.setup();
      render(<ScorecardForm />);

      // Act
      await user.click(field.submit());

      // Assess
      await screen.findByText(VALIDATION.acceptTerms);
      expect(field.marketing()).not.toHaveAttribute('aria-invalid');
      expect(field.marketing()).not.toHaveAccessibleDescription();
    });

    it('hides the honeypot from people: aria-hidden wrapper, out of tab order, no autofill', () => {
      // Prepare / Act
      render(<ScorecardForm />);

      // Assess
      const honeypot = screen.getByLabelText('Website');
      expect(honeypot).toHaveAttribute('name', 'website');
      expect(honeypot).toHaveAttribute('tabindex', '-1');
      expect(honeypot).toHaveAttribute('autocomplete', 'off');
      expect(honeypot.closest('[aria-hidden="true"]')).toHaveClass('form-honeypot');
      expect(screen.queryByRole('textbox', { name: 'Website' })).not.toBeInTheDocument();
    });
  });

  describe('submit', () => {
    it('posts the values, formType and Unix-second timestamps to the scorecard API', async () => {
      // Prepare
      freezeClock();
      const fetchMock = mockFetch({ status: 202, body: { success: API_SUCCESS.scorecardRequested } });
      const user = userEvent.setup();
      render(<ScorecardForm />);
      await fillValidForm(user);

      // Act
      await user.click(field.submit());

      // Assess
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      const [request] = sentRequests(fetchMock);
      expect(request.url).toBe(apiPath('requestScorecard'));
      expect(request.method).toBe('POST');
      expect(request.body).toEqual({
        ...VISITOR,
        signupMe: true,
        marketingConsent: false,
        website: '',
        formType: 'Employer',
        createdAt: FIXED_NOW_SECONDS,
        updatedAt: FIXED_NOW_SECONDS,
      });
      const { createdAt, updatedAt } = request.body as { createdAt: number; updatedAt: number };
      expect(Number.isInteger(createdAt) && Number.isInteger(updatedAt)).toBe(true);
      expect(fetchMock.mock.calls[0][1]?.headers).toMatchObject({ 'Content-Type': 'application/json' });
    });

    it('posts marketingConsent true when the marketing box is ticked too', async () => {
      // Prepare
      const fetchMock = mockFetch({ status: 202, body: { success: API_SUCCESS.scorecardRequested } });
      const user = userEvent.setup();
      render(<ScorecardForm />);
      await fillValidForm(user);
      await user.click(field.marketing());

      // Act
      await user.click(field.submit());

      // Assess
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      expect(sentRequests(fetchMock)[0].body).toMatchObject({ signupMe: true, marketingConsent: true });
    });

    it('opens the thank-you modal, shows the success text and clears the form on success', async () => {
      // Prepare
      mockFetch({ status: 202, body: { success: API_SUCCESS.scorecardRequested } });
      const user = userEvent.setup();
      render(<ScorecardForm />);
      await fillValidForm(user);

      // Act
      await user.click(field.submit());

      // Assess
      const dialog = await screen.findByRole('dialog', {
        name: 'Thank you for requesting the Human Relations Scorecard.',
      });
      expect(dialog).toHaveAccessibleDescription(
        'You will receive an email shortly with the a link to download the Scorecard.',
      );
      expect(dialog).toHaveAttribute('aria-modal', 'true');
      expect(screen.getByText(API_SUCCESS.scorecardRequested)).toHaveClass('form-message', 'form-message--success');
      expect(field.firstName()).toHaveValue('');
      expect(field.email()).toHaveValue('');
      expect(field.helpDescription()).toHaveValue('');
      expect(field.consent()).not.toBeChecked();
      expect(field.marketing()).not.toBeChecked();
      expect(screen.queryByText(VALIDATION.firstNameRequired)).not.toBeInTheDocument();
    });

    it('returns focus to the Submit button when the thank-you modal is closed', async () => {
      // Prepare
      mockFetch({ status: 202, body: { success: API_SUCCESS.scorecardRequested } });
      const user = userEvent.setup();
      render(<ScorecardForm />);
      await fillValidForm(user);
      await user.click(field.submit());
      const dialog = await screen.findByRole('dialog', { name: MODALS.scorecard.title });

      // Act
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));

      // Assess
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(field.submit()).toHaveFocus();
    });

    it('shows the server message in red, keeps the values and opens no modal on failure', async () => {
      // Prepare
      mockFetch({ status: 429, body: { message: API_ERRORS.scorecardLimit } });
      const user = userEvent.setup();
      render(<ScorecardForm />);
      await fillValidForm(user);

      // Act
      await user.click(field.submit());

      // Assess
      const error = await screen.findByRole('alert');
      expect(error).toHaveTextContent(API_ERRORS.scorecardLimit);
      expect(error).toHaveClass('form-message--error');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(field.firstName()).toHaveValue(VISITOR.firstName);
      expect(field.email()).toHaveValue(VISITOR.email);
      expect(field.helpDescription()).toHaveValue(VISITOR.helpDescription);
      expect(field.consent()).toBeChecked();
      expect(field.submit()).toBeEnabled();
    });

    it('shows a readable message when the network fails, and the retry clears it', async () => {
      // Prepare
      const fetchMock = mockFetch(new TypeError('Failed to fetch'), {
        status: 202,
        body: { success: API_SUCCESS.scorecardRequested },
      });
      const user = userEvent.setup();
      render(<ScorecardForm />);
      await fillValidForm(user);

      // Act
      await user.click(field.submit());
      const error = await screen.findByText(NETWORK_ERROR_MESSAGE);
      await user.click(field.submit());

      // Assess
      expect(error).toHaveClass('form-message--error');
      await screen.findByRole('dialog', { name: MODALS.scorecard.title });
      expect(screen.queryByText(NETWORK_ERROR_MESSAGE)).not.toBeInTheDocument();
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it("disables the button and says 'Sending…' while the request is in flight", async () => {
      // Prepare
      const { fetchMock, answer } = mockPendingFetch();
      const user = userEvent.setup();
      render(<ScorecardForm />);
      await fillValidForm(user);

      // Act
      await user.click(field.submit());
      const pendingButton = await screen.findByRole('button', { name: 'Sending…' });
      await user.click(pendingButton);

      // Assess
      expect(pendingButton).toBeDisabled();
      expect(fetchMock).toHaveBeenCalledTimes(1);
      answer({ status: 202, body: { success: API_SUCCESS.scorecardRequested } });
      expect(await screen.findByRole('button', { name: 'Submit' })).toBeEnabled();
    });
  });
});
