/**
 * The People screen's two irreversible actions, as an owner meets them: the erasure's button
 * stays off until the address is typed again, and the unsubscribe asks for a reason before it
 * asks to confirm. What is sent to the API, and what the page then says, are asserted.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ErasureAnswer, UnsubscribeAnswer } from '#shared/console/people.ts';
import { ErasureZone } from '#web/src/console/screens/people/ErasureZone.tsx';
import { UnsubscribeForm } from '#web/src/console/screens/people/UnsubscribeForm.tsx';
import { mockFetch, sentRequests } from '#test/web/support/mock-fetch.ts';

const EMAIL = 'Robin.Okafor@example.ca';

describe('erasing a person on request', () => {
  const ERASED: ErasureAnswer = {
    message: 'Erased.',
    personRef: 'sha256:abc',
    erased: { leads: 2, subscriptions: 1, consentRecords: 3, campaignEmails: 0 },
    keptRecord: false,
  };

  it('keeps the button disabled until the address typed matches, then erases once and says what went', async () => {
    // Prepare
    const fetchMock = mockFetch({ status: 200, body: ERASED });
    const onDone = jest.fn();
    const user = userEvent.setup();
    render(<ErasureZone email={EMAIL} holdsAnything onDone={onDone} />);
    const button = screen.getByRole('button', { name: 'Erase everything about this person' });
    const confirm = screen.getByLabelText('Type the address again to confirm');

    // Act
    await user.type(confirm, 'robin.okafor@example.c');

    // Assess: one character short, nothing can be sent
    expect(button).toBeDisabled();
    expect(screen.getByText(`The button works once you have typed ${EMAIL} exactly.`)).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();

    // Act
    await user.type(confirm, 'a');
    await user.click(button);

    // Assess
    expect(
      await screen.findByText(
        'Erased. Deleted: 2 messages sent to the firm, 1 subscription, 3 consent records, 0 campaign email records.',
      ),
    ).toBeVisible();
    expect(sentRequests(fetchMock)).toEqual([
      {
        method: 'POST',
        url: '/api/admin/people/erasure',
        body: { email: EMAIL, confirmEmail: 'robin.okafor@example.ca' },
      },
    ]);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('shows the API refusal in its words and keeps what was typed', async () => {
    // Prepare
    mockFetch({ status: 400, body: { message: 'The address typed to confirm is not the same.' } });
    const onDone = jest.fn();
    const user = userEvent.setup();
    render(<ErasureZone email={EMAIL} holdsAnything onDone={onDone} />);
    await user.type(screen.getByLabelText('Type the address again to confirm'), EMAIL);

    // Act
    await user.click(screen.getByRole('button', { name: 'Erase everything about this person' }));

    // Assess
    expect(await screen.findByRole('alert')).toHaveTextContent('The address typed to confirm is not the same.');
    expect(screen.getByLabelText('Type the address again to confirm')).toHaveValue(EMAIL);
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('unsubscribing a person on their behalf', () => {
  const ANSWER: UnsubscribeAnswer = {
    message: 'Unsubscribed from every email. The withdrawal is in their consent record with your name and reason.',
    withdrawn: 1,
  };

  it('asks for a reason first, and sends nothing without one', async () => {
    // Prepare
    const fetchMock = mockFetch();
    const user = userEvent.setup();
    render(<UnsubscribeForm email={EMAIL} onDone={jest.fn()} />);

    // Act
    await user.click(screen.getByRole('button', { name: 'Unsubscribe…' }));

    // Assess
    expect(
      await screen.findByText('Please say why you are unsubscribing this person (for example, "asked by phone").'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Yes, unsubscribe them' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with a reason, asks to confirm, sends the reason once and shows the answer', async () => {
    // Prepare
    const fetchMock = mockFetch({ status: 200, body: ANSWER });
    const onDone = jest.fn();
    const user = userEvent.setup();
    render(<UnsubscribeForm email={EMAIL} onDone={onDone} />);
    await user.type(screen.getByLabelText(/^Why/), '  Asked by phone on Tuesday ');

    // Act
    await user.click(screen.getByRole('button', { name: 'Unsubscribe…' }));

    // Assess: nothing sent before the confirmation
    expect(await screen.findByText(/from every email, with the reason “Asked by phone on Tuesday”\?/)).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();

    // Act
    await user.click(screen.getByRole('button', { name: 'Yes, unsubscribe them' }));

    // Assess
    expect(await screen.findByText(ANSWER.message)).toBeVisible();
    expect(sentRequests(fetchMock)).toEqual([
      {
        method: 'POST',
        url: '/api/admin/people/unsubscribe',
        body: { email: EMAIL, reason: 'Asked by phone on Tuesday' },
      },
    ]);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('"No, go back" sends nothing and keeps the reason', async () => {
    // Prepare
    const fetchMock = mockFetch();
    const user = userEvent.setup();
    render(<UnsubscribeForm email={EMAIL} onDone={jest.fn()} />);
    await user.type(screen.getByLabelText(/^Why/), 'Asked by phone');
    await user.click(screen.getByRole('button', { name: 'Unsubscribe…' }));

    // Act
    await user.click(await screen.findByRole('button', { name: 'No, go back' }));

    // Assess
    expect(screen.getByRole('button', { name: 'Unsubscribe…' })).toBeVisible();
    expect(screen.getByLabelText(/^Why/)).toHaveValue('Asked by phone');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
