import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_ERRORS, API_SUCCESS, MODALS, VALIDATION } from '#shared/constants/messages.ts';
import { CONSENT_TEXT } from '#shared/constants/consent.ts';
import { type Audience } from '#shared/constants/audiences.ts';
import { apiPath, sitePaths } from '#shared/paths.ts';
import { SignupForm, type SignupThankYou } from '#web/src/features/signup/components/SignupForm.tsx';
import { mockFetch, sentRequests } from '#test/web/support/mock-fetch.ts';
import { enter } from '#test/web/support/enter-text.ts';

const VISITOR = {
  email: 'sam@northern-lights.org',
  firstName: 'Sam',
  lastName: 'Okafor',
  jobTitle: 'HR Lead',
  organization: 'Northern Lights Society',
  helpDescription: 'We want to rethink two roles before hiring.',
};

const field = {
  email: () => screen.getByLabelText('Email'),
  firstName: () => screen.getByLabelText('First Name'),
  lastName: () => screen.getByLabelText('Last Name'),
  jobTitle: () => screen.getByLabelText(/^Job Title/),
  organization: () => screen.getByLabelText(/^Organization/),
  helpDescription: () => screen.getByLabelText(/^How can we help\?/),
  consent: () => screen.getByRole('checkbox', { name: CONSENT_TEXT.signup }),
  submit: () => screen.getByRole('button', { name: 'Submit' }),
};

type User = ReturnType<typeof userEvent.setup>;

async function fillRequiredFields(user: User) {
  await enter(user, field.email(), VISITOR.email);
  await enter(user, field.firstName(), VISITOR.firstName);
  await enter(user, field.lastName(), VISITOR.lastName);
}

async function fillEverything(user: User) {
  await fillRequiredFields(user);
  await enter(user, field.jobTitle(), VISITOR.jobTitle);
  await enter(user, field.organization(), VISITOR.organization);
  await enter(user, field.helpDescription(), VISITOR.helpDescription);
  await user.click(field.consent());
}

function renderForm(audience: Audience = 'employer', thankYou: SignupThankYou = 'interest') {
  return render(<SignupForm audience={audience} thankYou={thankYou} />);
}

const isBefore = (first: Element, second: Element) =>
  Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('SignupForm', () => {
  afterEach(() => jest.restoreAllMocks());

  describe('consent', () => {
    it("shows 'Please Select A Privacy Policy' in red above Submit and sends nothing", async () => {
      // Prepare
      const fetchMock = mockFetch();
      const user = userEvent.setup();
      renderForm();
      await fillRequiredFields(user);

      // Act
      await user.click(field.submit());

      // Assess
      const message = await screen.findByText('Please Select A Privacy Policy');
      expect(message).toHaveClass('form-message--error');
      expect(message).toHaveAttribute('role', 'alert');
      expect(isBefore(message, field.submit())).toBe(true);
      expect(isBefore(field.consent(), message)).toBe(true);
      expect(field.consent()).toHaveAccessibleDescription(VALIDATION.privacyPolicy);
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('does not show the privacy message before any attempt', async () => {
      // Prepare
      const user = userEvent.setup();
      renderForm();

      // Act
      await user.click(field.consent());
      await user.click(field.consent());
      await user.tab();

      // Assess
      expect(screen.queryByText(VALIDATION.privacyPolicy)).not.toBeInTheDocument();
    });

    it('clears the privacy message at the next attempt once the box is ticked', async () => {
      // Prepare
      const fetchMock = mockFetch({ status: 200, body: { success: API_SUCCESS.signedUp } });
      const user = userEvent.setup();
      renderForm();
      await fillRequiredFields(user);
      await user.click(field.submit());
      await screen.findByText(VALIDATION.privacyPolicy);

      // Act
      await user.click(field.consent());
      await user.click(field.submit());

      // Assess
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      expect(screen.queryByText(VALIDATION.privacyPolicy)).not.toBeInTheDocument();
    });

    it('links the Privacy Policy from the consent label', () => {
      // Prepare / Act
      renderForm();

      // Assess
      const label = field.consent().closest('.form-check') as HTMLElement;
      expect(within(label).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', sitePaths.privacy);
    });
  });

  describe('fields', () => {
    it('shows the required messages under email and names on submit and sends nothing', async () => {
      // Prepare
      const fetchMock = mockFetch();
      const user = userEvent.setup();
      renderForm();
      await user.click(field.consent());

      // Act
      await user.click(field.submit());

      // Assess
      await waitFor(() => expect(field.email()).toHaveAccessibleDescription(VALIDATION.emailRequired));
      expect(field.firstName()).toHaveAccessibleDescription(VALIDATION.signupFirstNameRequired);
      expect(field.lastName()).toHaveAccessibleDescription(VALIDATION.signupLastNameRequired);
      expect(screen.getByText('Email is Required*')).toHaveClass('form-error');
      expect(field.jobTitle()).not.toHaveAttribute('aria-invalid');
      expect(field.organization()).not.toHaveAttribute('aria-invalid');
      expect(screen.queryByText(VALIDATION.privacyPolicy)).not.toBeInTheDocument();
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('shows a field message once the field is touched', async () => {
      // Prepare
      const user = userEvent.setup();
      renderForm();

      // Act
      await user.type(field.email(), 'sam-at-example');
      await user.tab();

      // Assess
      expect(await screen.findByText(VALIDATION.emailInvalid)).toBeInTheDocument();
      expect(screen.queryByText(VALIDATION.signupFirstNameRequired)).not.toBeInTheDocument();
    });

    it('marks jobTitle, organization and the message as optional', () => {
      // Prepare / Act
      renderForm();

      // Assess
      expect(field.jobTitle()).toHaveAccessibleName('Job Title (optional)');
      expect(field.organization()).toHaveAccessibleName('Organization (optional)');
      expect(field.helpDescription()).toHaveAccessibleName('How can we help? (optional)');
      expect(field.email()).toHaveAttribute('aria-required', 'true');
    });
  });

  describe('submit', () => {
    it.each<Audience>(['candidate', 'employer'])('posts the values with audience %s', async (audience) => {
      // Prepare
      const fetchMock = mockFetch({ status: 200, body: { success: API_SUCCESS.signedUp } });
      const user = userEvent.setup();
      renderForm(audience, audience === 'candidate' ? 'candidate' : 'interest');
      await fillEverything(user);

      // Act
      await user.click(field.submit());

      // Assess
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      const [request] = sentRequests(fetchMock);
      expect(request.url).toBe(apiPath('signup'));
      expect(request.method).toBe('POST');
      expect(request.body).toEqual({ ...VISITOR, signupMe: true, website: '', audience });
    });

    it('sends the optional fields as empty strings when left blank', async () => {
      // Prepare
      const fetchMock = mockFetch({ status: 200, body: { success: API_SUCCESS.signedUp } });
      const user = userEvent.setup();
      renderForm('employer');
      await fillRequiredFields(user);
      await user.click(field.consent());

      // Act
      await user.click(field.submit());

      // Assess
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      expect(sentRequests(fetchMock)[0].body).toEqual({
        email: VISITOR.email,
        firstName: VISITOR.firstName,
        lastName: VISITOR.lastName,
        jobTitle: '',
        organization: '',
        helpDescription: '',
        signupMe: true,
        website: '',
        audience: 'employer',
      });
    });

    it("shows the success text and the 'interest' thank-you modal, and clears the form", async () => {
      // Prepare
      mockFetch({ status: 200, body: { success: API_SUCCESS.signedUp } });
      const user = userEvent.setup();
      renderForm('employer', 'interest');
      await fillEverything(user);

      // Act
      await user.click(field.submit());

      // Assess
      const dialog = await screen.findByRole('dialog', { name: 'Thank you for your interest.' });
      expect(dialog).toHaveAccessibleDescription('We strive to answer all inquiries within 24 hours.');
      const success = screen.getByText(API_SUCCESS.signedUp);
      expect(success).toHaveClass('form-message--success');
      expect(success).toHaveAttribute('role', 'status');
      expect(field.email()).toHaveValue('');
      expect(field.organization()).toHaveValue('');
      expect(field.consent()).not.toBeChecked();
      expect(screen.queryByText(VALIDATION.privacyPolicy)).not.toBeInTheDocument();
    });

    it("uses the 'candidate' thank-you modal on the candidate page", async () => {
      // Prepare
      mockFetch({ status: 200, body: { success: API_SUCCESS.signedUp } });
      const user = userEvent.setup();
      renderForm('candidate', 'candidate');
      await fillEverything(user);

      // Act
      await user.click(field.submit());

      // Assess
      const dialog = await screen.findByRole('dialog', { name: MODALS.candidate.title });
      expect(dialog).toHaveAccessibleDescription(MODALS.candidate.subtitle);
    });

    it('shows the error text in red and keeps the values on failure', async () => {
      // Prepare: what API Gateway answers when its throttle trips
      mockFetch({ status: 429, body: { message: 'Too Many Requests' } });
      const user = userEvent.setup();
      renderForm();
      await fillEverything(user);

      // Act
      await user.click(field.submit());

      // Assess
      const error = await screen.findByText('Too Many Requests');
      expect(error).toHaveClass('form-message--error');
      expect(error).toHaveAttribute('role', 'alert');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(field.email()).toHaveValue(VISITOR.email);
      expect(field.lastName()).toHaveValue(VISITOR.lastName);
      expect(field.helpDescription()).toHaveValue(VISITOR.helpDescription);
      expect(field.consent()).toBeChecked();
    });

    it('falls back to a readable message when the error body is not JSON', async () => {
      // Prepare
      mockFetch({ status: 502 });
      const user = userEvent.setup();
      renderForm();
      await fillEverything(user);

      // Act
      await user.click(field.submit());

      // Assess
      expect(await screen.findByText(API_ERRORS.internal)).toHaveClass('form-message--error');
    });
  });
});
