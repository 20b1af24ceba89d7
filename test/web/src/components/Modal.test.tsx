import { useRef, useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MODALS } from '#shared/constants/messages.ts';
import { Modal } from '#web/src/components/Modal.tsx';

/** A page with controls around an opener, as the forms use the modal. */
function Harness({ useReturnRef = false }: { useReturnRef?: boolean }) {
  const [open, setOpen] = useState(false);
  const fallbackRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button ref={fallbackRef} type="button">
        Fallback
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={MODALS.interest.title}
        subtitle={MODALS.interest.subtitle}
        returnFocusRef={useReturnRef ? fallbackRef : undefined}
      />
    </>
  );
}

async function openModal(props: { useReturnRef?: boolean } = {}) {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  const dialog = await screen.findByRole('dialog');
  return { user, dialog };
}

describe('Modal', () => {
  it('renders nothing while closed', () => {
    // Prepare / Act
    render(<Harness />);

    // Assess
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is a modal dialog named by its title and described by its subtitle', async () => {
    // Prepare / Act
    const { dialog } = await openModal();

    // Assess
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleName('Thank you for your interest.');
    expect(dialog).toHaveAccessibleDescription('We strive to answer all inquiries within 24 hours.');
    expect(screen.getByRole('heading', { name: MODALS.interest.title })).toBeInTheDocument();
  });

  it('moves focus into the dialog when it opens', async () => {
    // Prepare / Act
    const { dialog } = await openModal();

    // Assess
    expect(dialog).toHaveFocus();
  });

  it('has a close button with an accessible name that closes it and returns focus to the opener', async () => {
    // Prepare
    const { user } = await openModal();

    // Act
    await user.click(screen.getByRole('button', { name: 'Close' }));

    // Assess
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('closes on Escape', async () => {
    // Prepare
    const { user } = await openModal();

    // Act
    await user.keyboard('{Escape}');

    // Assess
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('traps Tab and Shift+Tab inside the dialog', async () => {
    // Prepare
    const { user } = await openModal();
    const close = screen.getByRole('button', { name: 'Close' });

    // Act / Assess
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
  });

  it('pulls focus back when something outside tries to take it', async () => {
    // Prepare
    const { dialog } = await openModal();

    // Act
    screen.getByText('Before').focus();

    // Assess
    expect(dialog).toHaveFocus();
  });

  it('makes the rest of the page inert while open and restores it after', async () => {
    // Prepare
    const { user, dialog } = await openModal();
    const page = screen.getByText('Before').parentElement as HTMLElement;

    // Act / Assess
    expect(page).toHaveAttribute('inert');
    expect(dialog.closest('[inert]')).toBeNull();
    expect(document.body).toHaveClass('modal-open');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(page).not.toHaveAttribute('inert');
    expect(document.body).not.toHaveClass('modal-open');
  });

  it('returns focus to returnFocusRef when given (a submit button that was disabled while sending)', async () => {
    // Prepare
    const { user } = await openModal({ useReturnRef: true });

    // Act
    await user.click(screen.getByRole('button', { name: 'Close' }));

    // Assess
    await waitFor(() => expect(screen.getByRole('button', { name: 'Fallback' })).toHaveFocus());
  });

  it('fades in through a class, never an inline style (strict CSP)', async () => {
    // Prepare / Act
    const { dialog } = await openModal();

    // Assess
    const root = dialog.parentElement as HTMLElement;
    await waitFor(() => expect(root).toHaveClass('modal-root', 'is-shown'));
    expect(root.querySelectorAll('[style]')).toHaveLength(0);
    expect(root).not.toHaveAttribute('style');
  });
});
