import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ContactMenu } from '#web/src/features/about/ContactMenu.tsx';

const BUTTON = 'Contact us to Learn About Our Process';

function renderMenu() {
  render(
    <MemoryRouter initialEntries={['/about']}>
      <Routes>
        <Route
          path="/about"
          element={
            <>
              <ContactMenu />
              <p>Outside the menu</p>
            </>
          }
        />
        <Route path="/contact" element={<h1>Contact page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), button: screen.getByRole('button', { name: BUTTON }) };
}

describe('About: contact dropdown', () => {
  it('starts closed and opens on click', async () => {
    const { user, button } = renderMenu();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'I am a Candidate' })).not.toBeInTheDocument();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(button.getAttribute('aria-controls')!)).toBeVisible();
  });

  it('sends candidates to /candidate with a full page load and employers in-app to /contact', async () => {
    const { user, button } = renderMenu();
    await user.click(button);
    const candidate = screen.getByRole('link', { name: 'I am a Candidate' });
    expect(candidate).toHaveAttribute('href', '/candidate');

    await user.click(screen.getByRole('link', { name: 'I am an Employer' }));
    expect(await screen.findByRole('heading', { name: 'Contact page' })).toBeInTheDocument();
  });

  it('closes when a choice is made', async () => {
    const { user, button } = renderMenu();
    await user.click(button);
    const candidate = screen.getByRole('link', { name: 'I am a Candidate' });
    // Keep jsdom from attempting the full page load this link asks for.
    candidate.addEventListener('click', (event) => event.preventDefault());
    await user.click(candidate);
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape and gives focus back to the button', async () => {
    const { user, button } = renderMenu();
    await user.click(button);
    await user.tab();
    expect(screen.getByRole('link', { name: 'I am a Candidate' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('closes on a click outside', async () => {
    const { user, button } = renderMenu();
    await user.click(button);
    await user.click(screen.getByText('Outside the menu'));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens with Arrow Down and moves focus to the first choice', async () => {
    const { user, button } = renderMenu();
    act(() => button.focus());
    await user.keyboard('{ArrowDown}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'I am a Candidate' })).toHaveFocus();
  });
});
